import { DATE_FORMATS, isTimeOfDay, PREFERENCES } from '@perch/contract/values';
import type { ValueMap } from '../../app/session/session-data';
import type { TimeOfDay } from './wall-time';

/** Notice (`enter_time`): how soon the default search window starts. */
export const EnterTime = { EarliestPossible: 1, NextDay: 2, NextBusinessDay: 3 } as const;
export type EnterTime = (typeof EnterTime)[keyof typeof EnterTime];

/** The formats of the `date_format` preference (PHP-style letters, as the reference stores them). */
export type DateFormat = (typeof DATE_FORMATS)[number];

/** 0 Sunday, 1 Monday, 6 Saturday. */
export type WeekStartDay = (typeof PREFERENCES.week_start_day.oneOf)[number];

/** The user preferences that shape times and dates, with the catalogue's defaults. */
export interface TimePrefs {
  enterTime: EnterTime;
  workdayStart: TimeOfDay;
  workdayEnd: TimeOfDay;
  /** 0 = Sunday … 6 = Saturday. */
  workdays: number[];
  use24Hour: boolean;
  dateFormat: DateFormat;
  weekStartDay: WeekStartDay;
}

function oneOf<T extends string | number>(value: unknown, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly unknown[]).includes(value) ? (value as T) : fallback;
}

export function timePrefsFrom(preferences: ValueMap): TimePrefs {
  const start = preferences.workday_start ?? '';
  const end = preferences.workday_end ?? '';
  const workdays = (preferences.workdays ?? PREFERENCES.workdays.default)
    .split(',')
    .filter((d) => /^[0-6]$/.test(d))
    .map(Number);
  return {
    enterTime: oneOf(
      Number(preferences.enter_time),
      PREFERENCES.enter_time.oneOf,
      Number(PREFERENCES.enter_time.default) as EnterTime,
    ),
    workdayStart: isTimeOfDay(start) ? start : PREFERENCES.workday_start.default,
    workdayEnd: isTimeOfDay(end) ? end : PREFERENCES.workday_end.default,
    workdays,
    use24Hour: preferences.use_24_hour_time !== '0',
    dateFormat: oneOf(preferences.date_format, DATE_FORMATS, PREFERENCES.date_format.default),
    weekStartDay: oneOf(
      Number(preferences.week_start_day ?? PREFERENCES.week_start_day.default),
      PREFERENCES.week_start_day.oneOf,
      Number(PREFERENCES.week_start_day.default) as WeekStartDay,
    ),
  };
}
