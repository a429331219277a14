import { ErrorCode } from '@perch/contract';
import type { DateTime } from 'luxon';
import { violation, type BookingSettings, type RuleViolation, type Window } from './types.js';

/** A booking that ended before today began (in the area's zone) is history: it stays. */
export function notPast(w: Window, now: DateTime): RuleViolation | null {
  return w.leave < now.setZone(w.zone).startOf('day') ? violation(undefined, 'Past bookings cannot be deleted') : null;
}

/**
 * 1008: with `enable_max_hours_before_delete`, a booking cannot be cancelled less than
 * `max_hours_before_delete` whole hours before it starts.
 */
export function cancelCutoff(w: Window, now: DateTime, s: BookingSettings): RuleViolation | null {
  if (!s.enableMaxHoursBeforeDelete || s.maxHoursBeforeDelete <= 0) return null;
  const hoursLeft = Math.floor(w.enter.diff(now, 'hours').hours);
  return hoursLeft < s.maxHoursBeforeDelete
    ? violation(
        ErrorCode.BookingMaxHoursBeforeDelete,
        `A booking cannot be cancelled less than ${s.maxHoursBeforeDelete} hours before it starts; contact an admin`,
        403,
      )
    : null;
}

/** The rules of cancelling a booking, in order; an exempt admin skips the cut-off, never the past. */
export function firstCancelViolation(
  w: Window,
  now: DateTime,
  s: BookingSettings,
  exempt: boolean,
): RuleViolation | null {
  return notPast(w, now) ?? (exempt ? null : cancelCutoff(w, now, s));
}
