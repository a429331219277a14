import { ErrorCode } from '@perch/contract';
import type { DateTime } from 'luxon';
import { violation, type RuleViolation, type Window } from './types.js';

/**
 * 1011 and 1004, in the area's zone: a booking may not end before today began, nor start
 * on an earlier day (earlier today is fine); it may start at most `maxDays` calendar days
 * ahead. Exempt callers skip the advance limit, never the past.
 */
export function pastOrTooFarAhead(w: Window, now: DateTime, maxDays: number, exempt: boolean): RuleViolation | null {
  const today = now.setZone(w.zone).startOf('day');
  const inPast = violation(ErrorCode.BookingInPast, 'The booking cannot be in the past');
  if (w.leave < today) return inPast;
  const daysAhead = Math.round(w.enter.setZone(w.zone).startOf('day').diff(today, 'days').days);
  if (daysAhead < 0) return inPast;
  if (exempt) return null;
  return daysAhead > maxDays
    ? violation(ErrorCode.BookingTooManyDaysInAdvance, `The booking may not be more than ${maxDays} days in advance`)
    : null;
}
