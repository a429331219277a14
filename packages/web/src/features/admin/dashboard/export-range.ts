import type { Message } from '../../../i18n';

/** `YYYY-MM-DD` of a date in the browser's calendar. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** From the first of this month to today: what an admin most often exports. */
export function defaultExportRange(today: Date): { from: string; to: string } {
  return { from: isoDay(new Date(today.getFullYear(), today.getMonth(), 1)), to: isoDay(today) };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function exportRangeProblem(from: string, to: string): Message | null {
  if (!DAY.test(from) || !DAY.test(to)) return { key: 'errorExportDates' };
  return from > to ? { key: 'errorExportOrder' } : null;
}

/**
 * The query of `GET /booking/export/`: whole days as wall-clock times written with `Z`, the
 * convention of the booking API (each booking is compared in its area's own time zone).
 */
export function exportQuery(from: string, to: string): { start: string; end: string } {
  return { start: `${from}T00:00:00Z`, end: `${to}T23:59:59Z` };
}

/** The file name from `Content-Disposition`, or one that says which days it holds. */
export function exportFileName(disposition: string | null, from: string, to: string): string {
  const named = disposition?.match(/filename="?([^";]+)"?/i)?.[1];
  const fallback = `bookings-${from}-${to}.csv`;
  if (!named || named === 'bookings.csv') return fallback;
  return named;
}
