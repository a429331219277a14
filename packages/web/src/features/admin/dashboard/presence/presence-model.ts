import type { PresenceReport } from '@perch/contract';
import { PRESENCE_REPORT_MAX_DAYS } from '@perch/contract/values';
import { addDaysToDate, daysBetween, weekdayOf, type IsoDate } from '../../../../shared/time/wall-time';
import { csvField } from '../../../../shared/csv/csv';

/** The presence report's days, both included (`YYYY-MM-DD`). */
export interface DayRange {
  from: IsoDate;
  to: IsoDate;
}

export const RANGE_PRESETS = ['thisWeek', 'lastWeek', 'nextWeek', 'last7', 'last30'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** Days of the "last N days" presets. */
export const PRESET_DAYS: Partial<Record<RangePreset, number>> = { last7: 7, last30: 30 };

/** The days of a preset around `today`; weeks start on the user's first weekday (0 = Sunday). */
export function presetRange(preset: RangePreset, today: IsoDate, weekStartDay: number): DayRange {
  const weekStart = addDaysToDate(today, -((weekdayOf(today) - weekStartDay + 7) % 7));
  const week = (offset: number) => {
    const from = addDaysToDate(weekStart, offset * 7);
    return { from, to: addDaysToDate(from, 6) };
  };
  switch (preset) {
    case 'thisWeek':
      return week(0);
    case 'lastWeek':
      return week(-1);
    case 'nextWeek':
      return week(1);
    case 'last7':
    case 'last30':
      return { from: addDaysToDate(today, 1 - (PRESET_DAYS[preset] ?? 7)), to: today };
  }
}

/** The preset whose days these are, if any. */
export function presetOf(range: DayRange, today: IsoDate, weekStartDay: number): RangePreset | null {
  return (
    RANGE_PRESETS.find((p) => {
      const r = presetRange(p, today, weekStartDay);
      return r.from === range.from && r.to === range.to;
    }) ?? null
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Both days included. */
export const dayCount = (r: DayRange): number => daysBetween(r.from, r.to) + 1;

/** The last day the report may reach from `from`. */
export const lastAllowedDay = (from: IsoDate): IsoDate => addDaysToDate(from, PRESENCE_REPORT_MAX_DAYS - 1);

export type RangeProblem = 'missing' | 'order' | 'tooLong';

/** Why these days cannot be asked for, or null. */
export function rangeProblem(r: DayRange): RangeProblem | null {
  if (!DAY.test(r.from) || !DAY.test(r.to)) return 'missing';
  if (r.to < r.from) return 'order';
  return dayCount(r) > PRESENCE_REPORT_MAX_DAYS ? 'tooLong' : null;
}

/**
 * A new first day: the last day follows it when it would fall before it or more than the
 * report's limit after it, so moving the start never makes the range invalid.
 */
export function withFrom(r: DayRange, from: IsoDate): DayRange {
  if (!DAY.test(from) || !DAY.test(r.to)) return { ...r, from };
  if (r.to < from) return { from, to: from };
  const last = lastAllowedDay(from);
  return { from, to: r.to > last ? last : r.to };
}

/**
 * The query of `GET /booking/report/presence/`: from the first day's midnight to the midnight
 * after the last day. The digits name calendar days; each area reads them in its own zone.
 */
export function presenceQuery(r: DayRange, areaId: string): { start: string; end: string; locationId?: string } {
  return {
    start: `${r.from}T00:00:00Z`,
    end: `${addDaysToDate(r.to, 1)}T00:00:00Z`,
    ...(areaId ? { locationId: areaId } : {}),
  };
}

/** People with at least one booking, per day. */
export function headcountPerDay(report: PresenceReport): number[] {
  return report.dates.map((_, d) => report.presences.filter((row) => (row[d] ?? 0) > 0).length);
}

/** Days with at least one booking in a person's row. */
export const daysIn = (row: readonly number[]): number => row.filter((n) => n > 0).length;

/** Indexes of the rows to show: everyone, or only people with a booking in the range. */
export function shownRows(report: PresenceReport, everyone: boolean): number[] {
  return report.users.map((_, i) => i).filter((i) => everyone || daysIn(report.presences[i] ?? []) > 0);
}

/** A person's name, or the email when the account has no name. */
export function personName(u: PresenceReport['users'][number]): string {
  return `${u.firstname} ${u.lastname}`.trim() || u.email;
}

/**
 * The grid as CSV (RFC 4180, CRLF): one row per person shown, one column per day (ISO dates)
 * holding the number of bookings, and the days with a booking.
 */
export function presenceCsv(report: PresenceReport, rows: readonly number[]): string {
  const lines = [['email', 'firstname', 'lastname', ...report.dates, 'days'].join(',')];
  for (const i of rows) {
    const u = report.users[i];
    const cells = report.presences[i] ?? [];
    if (!u) continue;
    lines.push(
      [csvField(u.email), csvField(u.firstname), csvField(u.lastname), ...cells.map(String), daysIn(cells)].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** `presence-<first day>-<last day>.csv`. */
export const presenceFileName = (report: PresenceReport): string =>
  `presence-${report.dates[0] ?? ''}-${report.dates.at(-1) ?? ''}.csv`;
