import { DateTime } from 'luxon';

export type WindowName = 'today' | 'yesterday' | 'thisWeek' | 'lastWeek' | 'nextWeek' | 'lastMonth';
export const WINDOW_NAMES: readonly WindowName[] = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'nextWeek',
  'lastMonth',
];

export interface TimeWindow {
  start: Date;
  end: Date;
  /** Length in days (a DST day is 23 or 25 hours). */
  days: number;
}

/** The statistics windows as seen in one area's zone; weeks start on Monday. */
export function windowsIn(zone: string, now: DateTime = DateTime.now()): Record<WindowName, TimeWindow> {
  const local = now.setZone(zone);
  const today = local.startOf('day');
  const week = local.startOf('week');
  const month = local.startOf('month');
  const w = (start: DateTime, end: DateTime): TimeWindow => ({
    start: start.toJSDate(),
    end: end.toJSDate(),
    days: (end.toMillis() - start.toMillis()) / 86_400_000,
  });
  return {
    today: w(today, today.plus({ days: 1 })),
    yesterday: w(today.minus({ days: 1 }), today),
    thisWeek: w(week, week.plus({ weeks: 1 })),
    lastWeek: w(week.minus({ weeks: 1 }), week),
    nextWeek: w(week.plus({ weeks: 1 }), week.plus({ weeks: 2 })),
    lastMonth: w(month.minus({ months: 1 }), month),
  };
}

/** Round half to even (banker's rounding), as the reference does. */
export function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/**
 * Space load in percent: booked minutes over the capacity of the window, where capacity is
 * `targetHoursPerWeek` per space per week (0 means around the clock). Not capped at 100.
 */
export function spaceLoad(bookedMinutes: number, spaces: number, days: number, targetHoursPerWeek: number): number {
  if (spaces === 0 || bookedMinutes === 0 || days <= 0) return 0;
  const capacityMinutes =
    targetHoursPerWeek === 0 ? days * 24 * 60 * spaces : Math.floor(((days * targetHoursPerWeek) / 7) * spaces) * 60;
  if (capacityMinutes === 0) return 0;
  return roundHalfEven((roundHalfEven(bookedMinutes) / capacityMinutes) * 100);
}
