import type { StatsCheckInDay } from '@perch/contract';
import { STATS_DAYS_MAX } from '@perch/contract/values';
import { addDaysToDate, daysBetween, weekdayOf, type IsoDate } from '../../../shared/time/wall-time';

/** The days of the check-in statistics per day, both included (`YYYY-MM-DD`). */
export interface DayRange {
  from: IsoDate;
  to: IsoDate;
}

export const DAY_PRESETS = ['thisWeek', 'lastWeek', 'last30', 'lastMonth'] as const;
export type DayPreset = (typeof DAY_PRESETS)[number];

/** The days of a preset around `today`; weeks start on the user's first weekday (0 = Sunday). */
export function dayPresetRange(preset: DayPreset, today: IsoDate, weekStartDay: number): DayRange {
  const weekStart = addDaysToDate(today, -((weekdayOf(today) - weekStartDay + 7) % 7));
  switch (preset) {
    case 'thisWeek':
      return { from: weekStart, to: addDaysToDate(weekStart, 6) };
    case 'lastWeek':
      return { from: addDaysToDate(weekStart, -7), to: addDaysToDate(weekStart, -1) };
    case 'last30':
      return { from: addDaysToDate(today, -29), to: today };
    case 'lastMonth': {
      const firstOfMonth = `${today.slice(0, 8)}01`;
      const lastOfPrevious = addDaysToDate(firstOfMonth, -1);
      return { from: `${lastOfPrevious.slice(0, 8)}01`, to: lastOfPrevious };
    }
  }
}

/** The preset whose days these are, if any. */
export function dayPresetOf(range: DayRange, today: IsoDate, weekStartDay: number): DayPreset | null {
  return (
    DAY_PRESETS.find((p) => {
      const r = dayPresetRange(p, today, weekStartDay);
      return r.from === range.from && r.to === range.to;
    }) ?? null
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The last day the statistics may reach from `from`. */
export const lastDayFrom = (from: IsoDate): IsoDate => addDaysToDate(from, STATS_DAYS_MAX - 1);

export type DayRangeProblem = 'missing' | 'order' | 'tooLong';

/** Why these days cannot be asked for, or null. */
export function dayRangeProblem(r: DayRange): DayRangeProblem | null {
  if (!DAY.test(r.from) || !DAY.test(r.to)) return 'missing';
  if (r.to < r.from) return 'order';
  return daysBetween(r.from, r.to) + 1 > STATS_DAYS_MAX ? 'tooLong' : null;
}

/**
 * A new first day: the last day follows it when it would fall before it or beyond the limit
 * after it, so moving the start never makes the range invalid.
 */
export function withFirstDay(r: DayRange, from: IsoDate): DayRange {
  if (!DAY.test(from) || !DAY.test(r.to)) return { ...r, from };
  if (r.to < from) return { from, to: from };
  const last = lastDayFrom(from);
  return { from, to: r.to > last ? last : r.to };
}

/** The query of `GET /stats/checkin/days` and of its CSV. */
export function checkInDaysQuery(r: DayRange, areaId: string): { from: string; to: string; locationId?: string } {
  return { from: r.from, to: r.to, ...(areaId ? { locationId: areaId } : {}) };
}

export interface DayFigures {
  date: IsoDate;
  bookings: number;
  checkedIn: number;
  noShows: number;
  released: number;
  rebooked: number;
  /** Checked in among those checked in or released, in per cent; null when none was either. */
  rate: number | null;
}

/** Every day of the range, with the figures of the areas in `rows` added up. */
export function figuresPerDay(range: DayRange, rows: readonly StatsCheckInDay[]): DayFigures[] {
  const days = new Map<IsoDate, DayFigures>();
  for (let date = range.from; date <= range.to; date = addDaysToDate(date, 1))
    days.set(date, { date, bookings: 0, checkedIn: 0, noShows: 0, released: 0, rebooked: 0, rate: null });
  for (const r of rows) {
    const day = days.get(r.date);
    if (!day) continue;
    day.bookings += r.bookings;
    day.checkedIn += r.checkedIn;
    day.noShows += r.noShows;
    day.released += r.released;
    day.rebooked += r.rebooked;
  }
  return [...days.values()].map((d) => {
    const decided = d.checkedIn + d.released;
    return { ...d, rate: decided === 0 ? null : (100 * d.checkedIn) / decided };
  });
}

/** The counts of all days added up. */
export function totalsOf(days: readonly DayFigures[]): Omit<DayFigures, 'date' | 'rate'> {
  return days.reduce(
    (sum, d) => ({
      bookings: sum.bookings + d.bookings,
      checkedIn: sum.checkedIn + d.checkedIn,
      noShows: sum.noShows + d.noShows,
      released: sum.released + d.released,
      rebooked: sum.rebooked + d.rebooked,
    }),
    { bookings: 0, checkedIn: 0, noShows: 0, released: 0, rebooked: 0 },
  );
}

/** The file name from `Content-Disposition`, else one that says which days it holds. */
export function checkInDaysFileName(disposition: string | null, r: DayRange): string {
  return disposition?.match(/filename="?([^";]+)"?/i)?.[1] ?? `check-in-${r.from}-${r.to}.csv`;
}
