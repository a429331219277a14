import type { DateFormat, TimePrefs } from './time-prefs';
import { datePart, nowInZone, wallTimeToUtcMs, type IsoDate, type WallTime } from './wall-time';

/** Mantine's (dayjs) pattern for each of the contract's date formats (`DATE_FORMATS`). */
export const DAYJS_DATE_FORMAT: Record<DateFormat, string> = {
  'Y-m-d': 'YYYY-MM-DD',
  'd.m.Y': 'DD.MM.YYYY',
  'm/d/Y': 'MM/DD/YYYY',
  'd/m/Y': 'DD/MM/YYYY',
};

function fakeUtcDate(value: WallTime): Date {
  return new Date(wallTimeToUtcMs(value));
}

/** A date in the user's format, e.g. `Mon, 01.09.2030`. Formatted in UTC: the digits are the area's. */
export function formatDate(
  date: IsoDate,
  prefs: Pick<TimePrefs, 'dateFormat'>,
  locale: string,
  weekday = true,
): string {
  const [y = '', m = '', d = ''] = date.split('-');
  const digits = prefs.dateFormat.replace('Y', y).replace('m', m).replace('d', d);
  if (!weekday) return digits;
  const day = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(
    fakeUtcDate(`${date}T00:00`),
  );
  return `${day}, ${digits}`;
}

export function formatTime(value: WallTime, prefs: Pick<TimePrefs, 'use24Hour'>, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    hour: prefs.use24Hour ? '2-digit' : 'numeric',
    minute: '2-digit',
    hourCycle: prefs.use24Hour ? 'h23' : 'h12',
    timeZone: 'UTC',
  }).format(fakeUtcDate(value));
}

/** `Mon, 01.09.2030, 08:30 – 17:00`, or both dates when the range spans days. */
export function formatRange(
  enter: WallTime,
  leave: WallTime,
  prefs: TimePrefs,
  locale: string,
  dailyBasis = false,
): string {
  const sameDay = datePart(enter) === datePart(leave);
  if (dailyBasis) {
    const first = formatDate(datePart(enter), prefs, locale);
    return sameDay ? first : `${first} – ${formatDate(datePart(leave), prefs, locale)}`;
  }
  const start = `${formatDate(datePart(enter), prefs, locale)}, ${formatTime(enter, prefs, locale)}`;
  const end = sameDay
    ? formatTime(leave, prefs, locale)
    : `${formatDate(datePart(leave), prefs, locale)}, ${formatTime(leave, prefs, locale)}`;
  return `${start} – ${end}`;
}

/** Short weekday names in the user's language, Sunday first (index = API weekday number). */
export function weekdayNames(locale: string, width: 'short' | 'long' | 'narrow' = 'short'): string[] {
  // 2030-09-01 is a Sunday.
  return Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(fakeUtcDate(`2030-09-0${i + 1}T12:00`)),
  );
}

/** Weekday numbers in the order the user's week runs. */
export function orderedWeekdays(weekStartDay: number): number[] {
  return Array.from({ length: 7 }, (_, i) => (weekStartDay + i) % 7);
}

/** A moment as the API or the browser gives it: an ISO string, milliseconds or a `Date`. */
export type Instant = string | number | Date;

function toDate(instant: Instant): Date | null {
  const date = instant instanceof Date ? instant : new Date(instant);
  return Number.isNaN(date.getTime()) ? null : date;
}

function instantTime(date: Date, zone: string, prefs: Pick<TimePrefs, 'use24Hour'>, locale: string, seconds: boolean) {
  return new Intl.DateTimeFormat(locale, {
    hour: prefs.use24Hour ? '2-digit' : 'numeric',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    hourCycle: prefs.use24Hour ? 'h23' : 'h12',
    timeZone: zone,
  }).format(date);
}

/**
 * An instant in the user's zone, date format and clock: `01.09.2030, 08:30:15`, or to the minute
 * without `seconds`. Unreadable values are shown as they came.
 */
export function formatInstant(iso: Instant, zone: string, prefs: TimePrefs, locale: string, seconds = true): string {
  const instant = toDate(iso);
  if (!instant) return String(iso);
  const date = formatDate(datePart(nowInZone(zone, instant)), prefs, locale, false);
  return `${date}, ${instantTime(instant, zone, prefs, locale, seconds)}`;
}

/** Only the time of day of an instant, in the user's zone and clock: `23:30` or `11:30 PM`. */
export function formatInstantTime(
  iso: Instant,
  zone: string,
  prefs: Pick<TimePrefs, 'use24Hour'>,
  locale: string,
  seconds = false,
): string {
  const instant = toDate(iso);
  return instant ? instantTime(instant, zone, prefs, locale, seconds) : String(iso);
}
