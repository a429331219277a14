import { DateTime } from 'luxon';

/**
 * The one time-conversion module. On the wire, booking-like times arrive as the area's wall
 * clock written with `Z` ("fake UTC") and leave as that wall clock with the area's real
 * offset. Inside, times are instants. Conversions are DST-correct via the IANA database.
 */

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Reads a client time: the digits (after normalising any offset to UTC) are the wall clock
 * in `zone`. Returns the instant, or null when the text is not an RFC 3339 time.
 */
export function fromClientTime(text: string, zone: string): DateTime | null {
  if (!RFC3339.test(text.trim())) return null;
  const utc = DateTime.fromISO(text.trim(), { setZone: true }).toUTC();
  if (!utc.isValid) return null;
  const local = DateTime.fromObject(
    {
      year: utc.year,
      month: utc.month,
      day: utc.day,
      hour: utc.hour,
      minute: utc.minute,
      second: utc.second,
      millisecond: utc.millisecond,
    },
    { zone },
  );
  return local.isValid ? local : null;
}

const offsetCache = new Map<string, number>();
const QUARTER_HOUR = 900_000;

/**
 * The UTC offset of `zone` at an instant, in minutes. Zones change offset only on quarter
 * hours, so the answer is cached per zone and quarter hour: listing many bookings costs one
 * time-zone computation per distinct quarter hour, not one per booking.
 */
export function offsetMinutes(zone: string, epochMs: number): number {
  const key = `${zone}|${Math.floor(epochMs / QUARTER_HOUR)}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    offset = DateTime.fromMillis(epochMs, { zone }).offset;
    if (offsetCache.size > 100_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

const pad = (n: number) => String(n).padStart(2, '0');
const UTC_ZONES = new Set(['UTC', 'Etc/UTC', 'Etc/Universal', 'Universal', 'Zulu', 'Etc/Zulu']);

// Many bookings share their start and end times; their text is remembered.
const clientTimeCache = new Map<string, string>();

/**
 * Writes an instant (a date, or milliseconds since the epoch) as the wall clock in `zone` with
 * its real offset: `2030-09-01T08:30:00+02:00`.
 */
export function toClientTime(instant: Date | DateTime | number, zone: string): string {
  const ms = typeof instant === 'number' ? instant : instant instanceof Date ? instant.getTime() : instant.toMillis();
  const key = `${zone}|${ms}`;
  let text = clientTimeCache.get(key);
  if (text === undefined) {
    text = formatClientTime(ms, zone);
    if (clientTimeCache.size > 50_000) clientTimeCache.clear();
    clientTimeCache.set(key, text);
  }
  return text;
}

function formatClientTime(ms: number, zone: string): string {
  const offset = offsetMinutes(zone, ms);
  const wall = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
  if (offset === 0 && UTC_ZONES.has(zone)) return `${wall}Z`;
  const abs = Math.abs(offset);
  return `${wall}${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Writes the wall clock of an instant in `zone` with a `Z`, the way clients send times. */
export function toFakeUtc(instant: Date | DateTime, zone: string): string {
  const dt = (instant instanceof Date ? DateTime.fromJSDate(instant) : instant).setZone(zone);
  return `${dt.toFormat("yyyy-MM-dd'T'HH:mm:ss")}Z`;
}

const zoneValidity = new Map<string, boolean>();
function isValidZone(zone: string): boolean {
  let valid = zoneValidity.get(zone);
  if (valid === undefined) {
    valid = DateTime.local().setZone(zone).isValid;
    zoneValidity.set(zone, valid);
  }
  return valid;
}

/** The zone an area's times are in: its own, else the organisation default, else UTC. */
export function effectiveZone(locationZone: string, orgDefault: string | undefined): string {
  if (locationZone && isValidZone(locationZone)) return locationZone;
  if (orgDefault && isValidZone(orgDefault)) return orgDefault;
  return 'UTC';
}

/**
 * Weekdays (0 = Sunday … 6 = Saturday) of every calendar day a range touches in `zone`.
 * A leave of exactly midnight does not pull in the next day.
 */
export function weekdaysCovered(enter: DateTime, leave: DateTime, zone: string): Set<number> {
  const days = new Set<number>();
  let day = enter.setZone(zone).startOf('day');
  const last = leave.setZone(zone).minus({ milliseconds: 1 }).startOf('day');
  if (last < day) return new Set([day.weekday % 7]);
  for (let i = 0; day <= last && i < 8; i++) {
    days.add(day.weekday % 7);
    day = day.plus({ days: 1 });
  }
  return days;
}
