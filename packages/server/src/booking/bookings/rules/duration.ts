import { ErrorCode } from '@perch/contract';
import type { DateTime } from 'luxon';
import { violation, type RuleViolation, type Window } from './types.js';

const isStartOfDay = (t: DateTime) => t.hour === 0 && t.minute === 0 && t.second === 0 && t.millisecond === 0;
const isEndOfDay = (t: DateTime) => t.hour === 23 && t.minute === 59 && t.second === 59;

/**
 * Whole days of a daily-basis booking in the area's zone: enter at midnight, leave at a later
 * midnight or at 23:59:59 of the same or a later day. Null when it is not whole days.
 * Counted in calendar days, so a 23- or 25-hour DST day is still one day.
 */
export function wholeDays(w: Window): number | null {
  const enter = w.enter.setZone(w.zone);
  const leave = w.leave.setZone(w.zone);
  if (!isStartOfDay(enter)) return null;
  const days = Math.round(leave.startOf('day').diff(enter.startOf('day'), 'days').days);
  if (isStartOfDay(leave)) return days >= 1 ? days : null;
  if (isEndOfDay(leave)) return days + 1;
  return null;
}

/** 1005: not longer than the maximum (exactly the maximum is fine); daily basis: whole days. */
export function maxDuration(w: Window, maxHours: number, dailyBasis: boolean): RuleViolation | null {
  const tooLong = violation(
    ErrorCode.BookingInvalidBookingDuration,
    `The maximum booking duration is ${maxHours} hours`,
  );
  if (w.leave < w.enter) return tooLong;
  if (dailyBasis) {
    const days = wholeDays(w);
    if (days === null) return violation(ErrorCode.BookingInvalidBookingDuration, 'Bookings are for whole days');
    return days * 24 > Math.ceil(maxHours / 24) * 24 ? tooLong : null;
  }
  const hours = w.leave.diff(w.enter, 'minutes').minutes / 60;
  return hours > maxHours ? tooLong : null;
}

/** 1007: at least the minimum; 08:00–09:59:59 counts as two hours. */
export function minDuration(w: Window, minHours: number, dailyBasis: boolean): RuleViolation | null {
  if (minHours <= 0) return null;
  let hours: number;
  if (dailyBasis) hours = (wholeDays(w) ?? 0) * 24;
  else hours = Math.floor(w.leave.plus({ seconds: 1 }).diff(w.enter, 'hours').hours);
  return hours < minHours
    ? violation(ErrorCode.BookingInvalidMinBookingDuration, `The minimum booking duration is ${minHours} hours`)
    : null;
}
