import type { ValueMap } from '../../../app/session/session-data';
import type { TimeOfDay } from './wall-time';

/** Notice (`enter_time`): how soon the default search window starts. */
export const EnterTime = { EarliestPossible: 1, NextDay: 2, NextBusinessDay: 3 } as const;
export type EnterTime = (typeof EnterTime)[keyof typeof EnterTime];

export type DateFormat = 'Y-m-d' | 'd.m.Y' | 'm/d/Y' | 'd/m/Y';
export const DATE_FORMAT_OPTIONS: readonly DateFormat[] = ['Y-m-d', 'd.m.Y', 'm/d/Y', 'd/m/Y'];

/** The user preferences that shape times and dates (reference §5.2), with the server defaults. */
export interface TimePrefs {
  enterTime: EnterTime;
  workdayStart: TimeOfDay;
  workdayEnd: TimeOfDay;
  /** 0 = Sunday … 6 = Saturday. */
  workdays: number[];
  use24Hour: boolean;
  dateFormat: DateFormat;
  /** 0 Sunday, 1 Monday, 6 Saturday. */
  weekStartDay: 0 | 1 | 6;
}

const TIME_OF_DAY = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

function oneOf<T extends string | number>(value: T | undefined, allowed: readonly T[], fallback: T): T {
  return value !== undefined && allowed.includes(value) ? value : fallback;
}

export function timePrefsFrom(preferences: ValueMap): TimePrefs {
  const start = preferences.workday_start ?? '';
  const end = preferences.workday_end ?? '';
  const workdays = (preferences.workdays ?? '1,2,3,4,5')
    .split(',')
    .filter((d) => /^[0-6]$/.test(d))
    .map(Number);
  return {
    enterTime: oneOf(Number(preferences.enter_time) as EnterTime, [1, 2, 3], EnterTime.EarliestPossible),
    workdayStart: TIME_OF_DAY.test(start) ? start : '09:00',
    workdayEnd: TIME_OF_DAY.test(end) ? end : '17:00',
    workdays,
    use24Hour: preferences.use_24_hour_time !== '0',
    dateFormat: oneOf(preferences.date_format as DateFormat | undefined, DATE_FORMAT_OPTIONS, 'Y-m-d'),
    weekStartDay: oneOf(Number(preferences.week_start_day ?? '1') as 0 | 1 | 6, [0, 1, 6], 1),
  };
}

/** The organisation's booking rules the app checks before it calls the server. */
export interface BookingRules {
  dailyBasis: boolean;
  maxDurationHours: number;
  minDurationHours: number;
  maxDaysInAdvance: number;
  maxBookingsPerUser: number;
  /** Admins with `no_admin_restrictions` skip the limits (not the past, not the order). */
  exempt: boolean;
}

const int = (value: string | undefined, fallback: number) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) ? n : fallback;
};

export function bookingRulesFrom(settings: ValueMap, isSpaceAdmin: boolean): BookingRules {
  return {
    dailyBasis: settings.daily_basis_booking === '1',
    maxDurationHours: int(settings.max_booking_duration_hours, 12),
    minDurationHours: int(settings.min_booking_duration_hours, 0),
    maxDaysInAdvance: int(settings.max_days_in_advance, 14),
    maxBookingsPerUser: int(settings.max_bookings_per_user, 10),
    exempt: isSpaceAdmin && settings.no_admin_restrictions === '1',
  };
}
