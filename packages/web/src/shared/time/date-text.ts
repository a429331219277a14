import type { DateFormat } from './time-prefs';
import { isWallTime, type IsoDate } from './wall-time';

/**
 * Dates as a person types them, in their `date_format` preference: `15.03.2026`, `3/15/2026`,
 * `2026-03-15`. Day and month may have one digit (`5.3.2026`), except in the ISO format, where a
 * date is whole only with its two-digit day (so `2026-03-1`, on the way to `2026-03-15`, is no
 * date yet); the year always has four digits, for the same reason (`15.03.20` is not 2020).
 * Any of `.`, `/` and `-` separates the parts, in the order of the user's format; a whole ISO date
 * (`2026-03-15`, as pasted from elsewhere) is always understood.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const SEPARATOR = '\\s*[./-]\\s*';
const DAY_OR_MONTH = '(\\d{1,2})';
const YEAR = '(\\d{4})';

/** Where day, month and year stand in each format, and the pattern of its parts. */
const ORDER: Record<DateFormat, { parts: readonly ('d' | 'm' | 'y')[]; pattern: RegExp }> = {
  'Y-m-d': { parts: ['y', 'm', 'd'], pattern: new RegExp(`^${YEAR}${SEPARATOR}(\\d{2})${SEPARATOR}(\\d{2})$`) },
  'd.m.Y': {
    parts: ['d', 'm', 'y'],
    pattern: new RegExp(`^${DAY_OR_MONTH}${SEPARATOR}${DAY_OR_MONTH}${SEPARATOR}${YEAR}$`),
  },
  'm/d/Y': {
    parts: ['m', 'd', 'y'],
    pattern: new RegExp(`^${DAY_OR_MONTH}${SEPARATOR}${DAY_OR_MONTH}${SEPARATOR}${YEAR}$`),
  },
  'd/m/Y': {
    parts: ['d', 'm', 'y'],
    pattern: new RegExp(`^${DAY_OR_MONTH}${SEPARATOR}${DAY_OR_MONTH}${SEPARATOR}${YEAR}$`),
  },
};

const pad = (value: string, width: number) => value.padStart(width, '0');

/** A real calendar day (no 31 April, 29 February only in leap years) as `YYYY-MM-DD`, or null. */
function calendarDay(year: string, month: string, day: string): IsoDate | null {
  const iso = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
  return Number(year) >= 1000 && isWallTime(`${iso}T00:00`) ? iso : null;
}

/** The day a person typed in their format, as `YYYY-MM-DD`; null for anything that is not a whole, real date. */
export function parseDateText(text: string, format: DateFormat): IsoDate | null {
  const value = text.trim();
  const iso = ISO.exec(value);
  if (iso) return calendarDay(iso[1]!, iso[2]!, iso[3]!);
  const { parts, pattern } = ORDER[format];
  const match = pattern.exec(value);
  if (!match) return null;
  const part = (name: 'd' | 'm' | 'y') => match[parts.indexOf(name) + 1]!;
  return calendarDay(part('y'), part('m'), part('d'));
}

/** `YYYY-MM-DD` written in the user's format, without a weekday: what the field shows and what they type. */
export function dateText(date: IsoDate, format: DateFormat): string {
  const [y = '', m = '', d = ''] = date.split('-');
  return format.replace(/[Ymd]/g, (part) => (part === 'Y' ? y : part === 'm' ? m : d));
}

/** The letters that stand for day, month and year in the user's language (`TT`, `MM`, `JJJJ`). */
export interface PatternLetters {
  day: string;
  month: string;
  year: string;
}

/** The user's format spelled with their language's letters: `TT.MM.JJJJ`, `MM/DD/YYYY`. */
export function datePattern(format: DateFormat, letters: PatternLetters): string {
  return format.replace(/[Ymd]/g, (part) => (part === 'Y' ? letters.year : part === 'm' ? letters.month : letters.day));
}
