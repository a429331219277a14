import { csvText } from '../../lib/csv.js';
import type { CheckInDayRow } from './repo.js';

/** The columns of the check-in statistics per day, named in English like the bookings CSV's. */
const HEADER = [
  'date',
  'area_id',
  'area',
  'bookings',
  'checked_in',
  'no_shows',
  'released',
  'rebooked',
  'check_in_rate',
];

/**
 * The share of bookings checked in among those checked in or released, in per cent with at most
 * one decimal (`66.7`); empty when none was either.
 */
export function checkInRate(checkedIn: number, released: number): string {
  const decided = checkedIn + released;
  return decided === 0 ? '' : String(Math.round((1000 * checkedIn) / decided) / 10);
}

/** The check-in figures per day and area as CSV (RFC 4180, CRLF), one line per day and area. */
export function checkInDaysCsv(rows: readonly CheckInDayRow[]): string {
  return csvText(
    HEADER,
    rows.map((r) => [
      r.day,
      r.location_id,
      r.area,
      String(r.bookings),
      String(r.checked_in),
      String(r.no_shows),
      String(r.released),
      String(r.rebooked),
      checkInRate(r.checked_in, r.released),
    ]),
  );
}

/** `check-in-<first day>-<last day>.csv`. */
export const checkInDaysFileName = (from: string, to: string): string => `check-in-${from}-${to}.csv`;
