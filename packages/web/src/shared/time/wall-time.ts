/**
 * Wall-clock times of an area ("fake UTC", as Seatsurfing clients send them): the API takes the area's wall clock
 * written with `Z` and answers with that wall clock plus the real offset. The app keeps these
 * values as plain `YYYY-MM-DDTHH:mm` strings and never turns them into instants, so the browser's
 * own zone (and its daylight-saving gaps) cannot shift them. Calendar arithmetic runs in UTC,
 * where every day has 24 hours.
 */

/** `YYYY-MM-DDTHH:mm`, the area's wall clock. Compares correctly as a string. */
export type WallTime = string;
/** `YYYY-MM-DD`. */
export type IsoDate = string;
/** `HH:mm`, 00:00–23:59. */
export type TimeOfDay = string;

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const API_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function isWallTime(value: string): value is WallTime {
  const m = WALL_TIME.exec(value);
  if (!m) return false;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60;
}

/** Milliseconds of the wall clock read as if it were UTC: only for arithmetic and formatting. */
export function wallTimeToUtcMs(value: WallTime): number {
  const m = WALL_TIME.exec(value);
  if (!m) throw new Error(`not a wall time: ${value}`);
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi);
}

export function wallTimeFromUtcMs(ms: number): WallTime {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

export const combine = (date: IsoDate, time: TimeOfDay): WallTime => `${date}T${time}`;
export const datePart = (value: WallTime): IsoDate => value.slice(0, 10);
export const timePart = (value: WallTime): TimeOfDay => value.slice(11, 16);

export const addMinutes = (value: WallTime, minutes: number): WallTime =>
  wallTimeFromUtcMs(wallTimeToUtcMs(value) + minutes * MINUTE_MS);
export const addDays = (value: WallTime, days: number): WallTime => addMinutes(value, days * DAY_MINUTES);
export const addDaysToDate = (date: IsoDate, days: number): IsoDate => datePart(addDays(combine(date, '00:00'), days));

export const minutesBetween = (from: WallTime, to: WallTime): number =>
  Math.round((wallTimeToUtcMs(to) - wallTimeToUtcMs(from)) / MINUTE_MS);

/** Calendar days from `from` to `to` (both dates), negative when `to` is earlier. */
export const daysBetween = (from: IsoDate, to: IsoDate): number =>
  Math.round(minutesBetween(combine(from, '00:00'), combine(to, '00:00')) / DAY_MINUTES);

/** 0 = Sunday … 6 = Saturday, as the API numbers weekdays. */
export const weekdayOf = (date: IsoDate): number => new Date(wallTimeToUtcMs(combine(date, '00:00'))).getUTCDay();

export const minutesOfDay = (time: TimeOfDay): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const timeFromMinutes = (minutes: number): TimeOfDay => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** The wall clock as the API expects it: the digits written as UTC. */
export function toFakeUtc(value: WallTime, seconds = 0): string {
  return `${value}:${pad(seconds)}Z`;
}

/**
 * The area wall clock of a time the API sent (`2030-09-01T08:30:00+02:00` → `2030-09-01T08:30`):
 * the offset only tells where the area is, the digits are what the area's clock shows.
 */
export function fromApiTime(value: string): WallTime {
  const m = API_TIME.exec(value.trim());
  if (!m?.[1]) throw new Error(`not an API time: ${value}`);
  return m[1];
}

/** What the clock on the wall of an area in `zone` shows at `now`. */
export function nowInZone(zone: string, now: Date = new Date()): WallTime {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

export function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The user's own zone: the `timezone` preference when it names a known zone, else the device's. */
export function userZone(preferred: string | undefined): string {
  return preferred && isKnownZone(preferred) ? preferred : browserZone();
}

/** Minutes `zone` is ahead of UTC at the instant `ms`. */
function offsetMinutes(zone: string, ms: number): number {
  return minutesBetween(wallTimeFromUtcMs(ms), nowInZone(zone, new Date(ms)));
}

/**
 * The same moment on another clock: what `toZone` shows when `fromZone` shows `value`. A wall time
 * that a daylight-saving change skips is read with the offset from before the change.
 */
export function convertWallTime(value: WallTime, fromZone: string, toZone: string): WallTime {
  if (fromZone === toZone) return value;
  const asUtc = wallTimeToUtcMs(value);
  const first = asUtc - offsetMinutes(fromZone, asUtc) * MINUTE_MS;
  const instant = asUtc - offsetMinutes(fromZone, first) * MINUTE_MS;
  return nowInZone(toZone, new Date(instant));
}
