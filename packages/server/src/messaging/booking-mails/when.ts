import type { Language } from '@perch/contract';
import { mailDateTimeFormat } from '../mail/index.js';

/**
 * When a booking is, for a mail: in the area's time zone with the zone named, in the reader's
 * language and clock (`use_24_hour_time`), e.g. "Wednesday, 25 November 2026, 09:00–17:00
 * (Europe/Berlin)". When the reader keeps another time zone (`timezone` preference) whose clock
 * differs at that time, the same span follows on their clock: "… · 08:00–16:00 (Europe/London)".
 */

export interface Span {
  enter: Date;
  leave: Date;
  /** The area's time zone. */
  zone: string;
}

export interface Clock {
  language: Language;
  use24Hour: boolean;
  /** The reader's own time zone, if they chose one. */
  zone: string | null;
}

function formatIn(span: Span, zone: string, clock: Clock): string {
  const format = mailDateTimeFormat(clock.language, zone, clock.use24Hour);
  return `${format.formatRange(span.enter, span.leave)} (${zone})`;
}

/** The UTC offset of a zone at an instant, in minutes. */
function offsetAt(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at);
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

export function describeWhen(span: Span, clock: Clock): string {
  const inArea = formatIn(span, span.zone, clock);
  const own = clock.zone;
  if (!own || own === span.zone) return inArea;
  if (
    offsetAt(own, span.enter) === offsetAt(span.zone, span.enter) &&
    offsetAt(own, span.leave) === offsetAt(span.zone, span.leave)
  )
    return inArea;
  return `${inArea} · ${formatIn(span, own, clock)}`;
}

/** A time of day for a mail ("09:30", or "9:30 AM" on a 12-hour clock) in the area's zone. */
export function describeTime(at: Date, zone: string, clock: Clock): string {
  return new Intl.DateTimeFormat(clock.language, {
    hour: 'numeric',
    minute: '2-digit',
    hour12: !clock.use24Hour,
    timeZone: zone,
  }).format(at);
}
