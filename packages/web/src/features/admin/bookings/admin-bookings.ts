import { TEXT_MAX } from '@perch/contract/values';
import { addDaysToDate, daysBetween, isWallTime, type IsoDate } from '../../../shared/time/wall-time';
import type { BookingFilter } from '../api/booking-queries';

/**
 * The admin booking list's state in the address (`?from&to&area&user&page`), so a filtered list
 * can be reloaded, bookmarked and shared; and its paging, done here because the API answers
 * every booking of the filter at once.
 */

export const PAGE_SIZE = 50;
/** The default window: a week either side of today (as the reference's list). */
export const DEFAULT_DAYS_AROUND = 7;
/** The longest window one request may cover. */
export const MAX_RANGE_DAYS = 366;
export const REASON_MAX = TEXT_MAX.cancelReason;

const isDate = (value: string | null): value is IsoDate => value !== null && isWallTime(`${value}T00:00`);

export interface ListState {
  filter: BookingFilter;
  /** The page shown, from 0. */
  page: number;
}

const STATES = ['checked-in', 'released', 'not-checked-in'] as const;
const stateOf = (value: string | null): BookingFilter['state'] => STATES.find((s) => s === value) ?? '';

export function readListState(params: URLSearchParams, today: IsoDate): ListState {
  const from = params.get('from');
  const to = params.get('to');
  const page = Number(params.get('page') ?? '1');
  return {
    filter: {
      from: isDate(from) ? from : addDaysToDate(today, -DEFAULT_DAYS_AROUND),
      to: isDate(to) ? to : addDaysToDate(today, DEFAULT_DAYS_AROUND),
      area: params.get('area') ?? '',
      user: params.get('user') ?? '',
      state: stateOf(params.get('state')),
    },
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
}

/** The address of a state: defaults and empty filters are left out. */
export function writeListState(state: ListState, today: IsoDate): URLSearchParams {
  const p = new URLSearchParams();
  const { from, to, area, user, state: checkIn } = state.filter;
  if (from !== addDaysToDate(today, -DEFAULT_DAYS_AROUND)) p.set('from', from);
  if (to !== addDaysToDate(today, DEFAULT_DAYS_AROUND)) p.set('to', to);
  if (area) p.set('area', area);
  if (user) p.set('user', user);
  if (checkIn) p.set('state', checkIn);
  if (state.page > 0) p.set('page', String(state.page + 1));
  return p;
}

export type RangeProblem = 'adminBookingsRangeMissing' | 'adminBookingsRangeReversed' | 'adminBookingsRangeTooLong';

/** Why a window of days cannot be asked for, or null. */
export function rangeProblem(from: string, to: string): RangeProblem | null {
  if (!isDate(from) || !isDate(to)) return 'adminBookingsRangeMissing';
  if (to < from) return 'adminBookingsRangeReversed';
  if (daysBetween(from, to) >= MAX_RANGE_DAYS) return 'adminBookingsRangeTooLong';
  return null;
}

export interface PageOf<T> {
  rows: T[];
  /** The page actually shown (the last one when the asked page is past the end), from 0. */
  page: number;
  lastPage: number;
  /** 1-based positions of the first and last row shown; 0 and 0 for none. */
  first: number;
  last: number;
  total: number;
}

export function pageOf<T>(all: readonly T[], page: number, size = PAGE_SIZE): PageOf<T> {
  const lastPage = Math.max(0, Math.ceil(all.length / size) - 1);
  const shown = Math.min(Math.max(0, page), lastPage);
  const rows = all.slice(shown * size, shown * size + size);
  return {
    rows,
    page: shown,
    lastPage,
    first: rows.length ? shown * size + 1 : 0,
    last: shown * size + rows.length,
    total: all.length,
  };
}
