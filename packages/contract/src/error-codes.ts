/** Numeric application error codes sent in the `X-Error-Code` header (the numbers Seatsurfing clients know). */
export const ErrorCode = {
  BookingSlotConflict: 1001,
  BookingLocationMaxConcurrent: 1002,
  BookingTooManyUpcomingBookings: 1003,
  BookingTooManyDaysInAdvance: 1004,
  BookingInvalidBookingDuration: 1005,
  BookingMaxConcurrentForUser: 1006,
  BookingInvalidMinBookingDuration: 1007,
  BookingMaxHoursBeforeDelete: 1008,
  BookingNotAllowedBooker: 1009,
  BookingSubjectRequired: 1010,
  BookingInPast: 1011,
  BookingInvalidSubject: 1012,
  BookingInvalidWeekday: 1013,
  /** Perch addition: a check-in where the space's policy asks for none (400). */
  CheckInOff: 1101,
  /** Perch addition: a check-in before the window opens (400). */
  CheckInNotOpenYet: 1102,
  /** Perch addition: a check-in after the booking ended (400). */
  CheckInClosed: 1103,
  /** Perch addition: a check-in without scanning the space's code where the policy asks for a scan (400). */
  CheckInNeedsScan: 1104,
  /** Perch addition: a check-in of a booking released because nobody checked in (409). */
  BookingReleased: 1105,
  /** Perch addition: a check-out of a booking that has not started or has ended (400). */
  CheckOutNotInProgress: 1106,
  /** Perch addition: a mailed check-in link that is unknown, used or expired (404). */
  CheckInLinkInvalid: 1107,
  PresenceReportDateRangeTooLong: 2001,
  /** Perch addition: check-in statistics per day over more than 92 days (400). */
  StatsDateRangeTooLong: 2002,
  UserAlreadyExists: 3001,
  GroupNameAlreadyExists: 4001,
  PasswordUpdateRequired: 5001,
  /** Perch addition: `/auth/updatepw` with a new password equal to the current one (400). */
  PasswordSameAsCurrent: 5002,
  /** Perch addition: a second factor locked after too many failures of the account (429 with `Retry-After`). */
  SecondFactorLocked: 5003,
  AuthProviderAlreadyExists: 6001,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_CODE_HEADER = 'x-error-code';
export const OBJECT_ID_HEADER = 'x-object-id';
