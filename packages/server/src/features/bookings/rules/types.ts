import type { DateTime } from 'luxon';

/** Organisation settings that booking rules read, parsed once. */
export interface BookingSettings {
  maxBookingsPerUser: number;
  maxConcurrentPerUser: number;
  maxDaysInAdvance: number;
  maxDurationHours: number;
  minDurationHours: number;
  maxHoursBeforeDelete: number;
  enableMaxHoursBeforeDelete: boolean;
  dailyBasis: boolean;
  noAdminRestrictions: boolean;
  /** 1 = subjects disabled, 2 = optional, 3 = required by default in the editor. */
  subjectDefault: number;
  allowBookingNonexistUsers: boolean;
  showNames: boolean;
  disableBuddies: boolean;
  allowRecurring: boolean;
}

/** A refused booking: the app code (X-Error-Code, when the reference has one), HTTP status and why. */
export interface RuleViolation {
  code: number | undefined;
  status: number;
  message: string;
}

/** A booking window as instants, viewed in the area's time zone. */
export interface Window {
  enter: DateTime;
  leave: DateTime;
  zone: string;
}

export const violation = (code: number | undefined, message: string, status = 400): RuleViolation => ({
  code,
  status,
  message,
});
