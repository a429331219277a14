import type { DateTime } from 'luxon';
import { pastOrTooFarAhead } from './advance.js';
import { allowedBooker } from './access.js';
import { areaCapacity, type Interval } from './capacity.js';
import { maxDuration, minDuration } from './duration.js';
import { subjectRequired, subjectValid } from './subject.js';
import type { BookingSettings, RuleViolation, Window } from './types.js';
import { concurrentForUser, upcomingForUser } from './user-limits.js';
import { bookableWeekdays } from './weekdays.js';

export * from './types.js';
export type { Interval } from './capacity.js';

/** Everything the rules look at for one booking (or one occurrence of a series). */
export interface RuleFacts {
  /** `precheck` is the area-level check before a space is chosen. */
  mode: 'create' | 'update' | 'precheck';
  window: Window;
  now: DateTime;
  subject: string;
  settings: BookingSettings;
  /** The acting person is a space admin and `no_admin_restrictions` is on. */
  exempt: boolean;
  space: { requireSubject: boolean; allowedGroups: readonly string[] } | null;
  locationAllowedGroups: readonly string[];
  /** Groups of the person the booking is for. */
  personGroups: ReadonlySet<string>;
  bookableDays: readonly number[];
  capacity: number;
  /** Other bookings of the area that overlap the window. */
  areaBookings: readonly Interval[];
  /** The person's other bookings that overlap the window. */
  personOverlapping: number;
  /** The person's other upcoming bookings (plus earlier occurrences of a series being checked). */
  personUpcoming: number;
}

/**
 * Runs the booking rules in the reference's order and returns the first one that refuses.
 * Limits are those of the person the booking is for; exemptions follow the acting admin.
 */
export function firstViolation(f: RuleFacts): RuleViolation | null {
  const s = f.settings;
  const checks: (() => RuleViolation | null)[] = [
    () =>
      f.mode === 'create' && f.space ? subjectRequired(f.subject, f.space.requireSubject, s.subjectDefault) : null,
    () => subjectValid(f.subject),
    () =>
      f.exempt && f.window.leave >= f.window.enter ? null : maxDuration(f.window, s.maxDurationHours, s.dailyBasis),
    () => pastOrTooFarAhead(f.window, f.now, s.maxDaysInAdvance, f.exempt),
    () => (f.exempt ? null : concurrentForUser(f.personOverlapping, s.maxConcurrentPerUser)),
    () => (f.exempt ? null : minDuration(f.window, s.minDurationHours, s.dailyBasis)),
    () => (f.exempt || f.mode === 'update' ? null : upcomingForUser(f.personUpcoming, s.maxBookingsPerUser)),
    () => allowedBooker(f.space?.allowedGroups ?? [], f.locationAllowedGroups, f.personGroups),
    () => areaCapacity(f.areaBookings, f.window.enter.toMillis(), f.window.leave.toMillis(), f.capacity),
    () => (f.exempt ? null : bookableWeekdays(f.window, f.bookableDays)),
  ];
  for (const check of checks) {
    const v = check();
    if (v) return v;
  }
  return null;
}
export { firstCancelViolation } from './cancel.js';
