import { ErrorCode } from '@perch/contract';
import { weekdaysCovered } from '../../../lib/time.js';
import { violation, type RuleViolation, type Window } from './types.js';

/** 1013: every calendar day the booking touches (in the area's zone) is a bookable weekday. */
export function bookableWeekdays(w: Window, bookableDays: readonly number[]): RuleViolation | null {
  if (bookableDays.length === 0) return null;
  for (const d of weekdaysCovered(w.enter, w.leave, w.zone))
    if (!bookableDays.includes(d))
      return violation(ErrorCode.BookingInvalidWeekday, 'This area cannot be booked on this weekday');
  return null;
}
