import { ErrorCode } from '@perch/contract';
import { violation, type RuleViolation } from './types.js';

/** 1006: the person may hold at most `max` overlapping bookings (0 = unlimited). */
export function concurrentForUser(overlapping: number, max: number): RuleViolation | null {
  if (max <= 0 || overlapping < max) return null;
  return violation(ErrorCode.BookingMaxConcurrentForUser, `You've reached the limit of ${max} concurrent bookings`);
}

/** 1003: the person may hold at most `max` upcoming bookings, this one included. */
export function upcomingForUser(upcoming: number, max: number): RuleViolation | null {
  if (upcoming < max) return null;
  return violation(ErrorCode.BookingTooManyUpcomingBookings, `You've reached the limit of ${max} bookings`);
}
