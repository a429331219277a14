import { ApiError } from '@perch/client';
import { ErrorCode, SETTINGS } from '@perch/contract/values';
import type { Message, MessageKey } from '../i18n';
import type { ValueMap } from './session/session-data';

interface CodeMessage {
  key: MessageKey;
  /** The setting whose value is the message's `count` (a plural message: "1 hour", "2 hours"). */
  numFrom?: keyof typeof SETTINGS;
}

/** Application error codes (`X-Error-Code`) and their messages. */
const BY_APP_CODE: Readonly<Record<number, CodeMessage>> = {
  [ErrorCode.BookingSlotConflict]: { key: 'errorSlotConflict' },
  [ErrorCode.BookingLocationMaxConcurrent]: { key: 'errorTooManyConcurrent' },
  [ErrorCode.BookingTooManyUpcomingBookings]: { key: 'errorBookingLimit', numFrom: 'max_bookings_per_user' },
  [ErrorCode.BookingTooManyDaysInAdvance]: { key: 'errorDaysAdvance', numFrom: 'max_days_in_advance' },
  [ErrorCode.BookingInvalidBookingDuration]: {
    key: 'errorMaxBookingDuration',
    numFrom: 'max_booking_duration_hours',
  },
  [ErrorCode.BookingMaxConcurrentForUser]: {
    key: 'errorConcurrentBookingLimit',
    numFrom: 'max_concurrent_bookings_per_user',
  },
  [ErrorCode.BookingInvalidMinBookingDuration]: {
    key: 'errorMinBookingDuration',
    numFrom: 'min_booking_duration_hours',
  },
  [ErrorCode.BookingMaxHoursBeforeDelete]: {
    key: 'errorDeleteBookingBeforeMaxCancel',
    numFrom: 'max_hours_before_delete',
  },
  [ErrorCode.BookingNotAllowedBooker]: { key: 'errorNotAllowedBooker' },
  [ErrorCode.BookingSubjectRequired]: { key: 'errorSubjectRequired' },
  [ErrorCode.BookingInPast]: { key: 'errorInPast' },
  [ErrorCode.BookingInvalidSubject]: { key: 'errorInvalidSubject' },
  [ErrorCode.BookingInvalidWeekday]: { key: 'errorInvalidWeekday' },
  [ErrorCode.CheckInOff]: { key: 'errorCheckInOff' },
  [ErrorCode.CheckInNotOpenYet]: { key: 'errorCheckInNotOpenYet' },
  [ErrorCode.CheckInClosed]: { key: 'errorCheckInClosed' },
  [ErrorCode.CheckInNeedsScan]: { key: 'errorCheckInNeedsScan' },
  [ErrorCode.BookingReleased]: { key: 'errorBookingReleased' },
  [ErrorCode.CheckOutNotInProgress]: { key: 'errorCheckOutNotInProgress' },
  [ErrorCode.CheckInLinkInvalid]: { key: 'errorCheckInLinkInvalid' },
  [ErrorCode.PresenceReportDateRangeTooLong]: { key: 'errorDateRangeTooLong' },
  [ErrorCode.StatsDateRangeTooLong]: { key: 'errorDateRangeTooLong' },
  [ErrorCode.UserAlreadyExists]: { key: 'errorUsernameExists' },
  [ErrorCode.GroupNameAlreadyExists]: { key: 'errorGroupNameAlreadyExists' },
  [ErrorCode.PasswordUpdateRequired]: { key: 'errorPasswordChangeRequired' },
  [ErrorCode.PasswordSameAsCurrent]: { key: 'errorPasswordSameAsCurrent' },
  [ErrorCode.AuthProviderAlreadyExists]: { key: 'errorAuthProviderNameExists' },
};

function byStatus(status: number): MessageKey {
  if (status === 400) return 'badRequestBody';
  if (status === 401) return 'sessionExpiredBody';
  if (status === 403) return 'errorForbidden';
  if (status === 404) return 'notFoundBody';
  if (status === 429) return 'errorTooManyRequests';
  if (status >= 500) return 'serverErrorBody';
  return 'errorUnknown';
}

/**
 * The message of an application error code on its own, as recurring results carry them per
 * occurrence (`errorCode`); unknown codes become the generic message.
 */
export function appCodeMessage(code: number, settings: ValueMap = {}): Message {
  const coded = BY_APP_CODE[code];
  if (!coded) return { key: 'errorUnknown' };
  if (!coded.numFrom) return { key: coded.key };
  // The organisation's value, else the catalogue default (the server applies it when none is stored).
  const value = Number(settings[coded.numFrom] ?? SETTINGS[coded.numFrom].default);
  return { key: coded.key, values: { count: Number.isFinite(value) ? value : 0 } };
}

/**
 * What to tell the user about a failed call: by application code when the server sent one,
 * else by HTTP status. Anything that is not an API error (a bug, a network stack failure)
 * becomes the generic message.
 */
export function apiErrorMessage(error: unknown, settings: ValueMap = {}): Message {
  if (!(error instanceof ApiError) || error.isNetworkError) return { key: 'errorUnknown' };
  // The session could not be refreshed because the server was unreachable: it has not ended.
  if (error.temporary && error.status === 401) return { key: 'errorUnknown' };
  if (BY_APP_CODE[error.appCode]) return appCodeMessage(error.appCode, settings);
  return { key: byStatus(error.status) };
}
