import { z } from 'zod';
import { countSchema, idParams } from '../common.js';
import {
  approveBody,
  checkInBody,
  checkInDueSchema,
  checkInLinkBody,
  checkInLinkResultSchema,
  presenceCheckInBody,
  presenceCheckInSchema,
  bookingAdminListQuery,
  bookingCancelQuery,
  bookingFilterQuery,
  bookingHistoryQuery,
  listPageQuery,
  bookingPrecheckBody,
  bookingSaveBody,
  bookingSchema,
  buddySaveBody,
  buddySchema,
  buddySearchQuery,
  precheckResultSchema,
  presenceReportQuery,
  presenceReportSchema,
  recurringBookingBody,
  recurringBookingSchema,
} from '../entities/booking.js';
import { userStubSchema } from '../entities/user.js';
import { endpoints } from '../endpoint.js';
import { ErrorCode as E } from '../error-codes.js';
import { routes } from '../routes.js';

/** Rules every booking write checks, by the status they refuse with. */
const RULES = [
  E.BookingLocationMaxConcurrent,
  E.BookingTooManyDaysInAdvance,
  E.BookingInvalidBookingDuration,
  E.BookingMaxConcurrentForUser,
  E.BookingInvalidMinBookingDuration,
  E.BookingNotAllowedBooker,
  E.BookingInPast,
  E.BookingInvalidSubject,
  E.BookingInvalidWeekday,
] as const;
const bookings = z.array(bookingSchema);

export const bookingApi = endpoints('bookings', routes.booking, {
  list: { summary: "The caller's bookings that have not ended", response: bookings },
  history: {
    summary: "The caller's bookings that ended in the last days, the latest first",
    description:
      'Perch addition. `days` from 1 to 90 (30 unless given); at most 200 bookings. A booking released or checked out early ended then, and keeps `checkedInAt`, `releasedAt` and `releaseReason`.',
    query: bookingHistoryQuery,
    response: bookings,
  },
  create: {
    summary: 'Book a space, for yourself or (space admins) for someone else',
    body: bookingSaveBody,
    errors: {
      400: [...RULES, E.BookingTooManyUpcomingBookings, E.BookingSubjectRequired],
      409: [E.BookingSlotConflict],
    },
  },
  precheck: {
    summary: 'Whether the caller may book in an area at a time, before choosing a space',
    body: bookingPrecheckBody,
    errors: { 400: [...RULES, E.BookingTooManyUpcomingBookings] },
  },
  filter: {
    summary: "The organisation's bookings inside a window (space admins)",
    query: bookingFilterQuery,
    response: bookings,
  },
  export: { summary: 'The same bookings as CSV (space admins)', query: bookingFilterQuery },
  current: { summary: 'Bookings in progress now (space admins)', query: bookingAdminListQuery, response: bookings },
  pendingApprovals: {
    summary: 'Bookings waiting for the caller to approve them (optionally one page of them)',
    query: listPageQuery,
    response: bookings,
  },
  pendingApprovalsCount: { summary: 'How many bookings wait for the caller to approve them', response: countSchema },
  presence: {
    summary: 'Who was in on which day: bookings per person and day, at most 31 days (space admins)',
    query: presenceReportQuery,
    response: presenceReportSchema,
    errors: { 400: [E.PresenceReportDateRangeTooLong] },
  },
  get: { summary: 'One booking (its owner or a space admin)', params: idParams, response: bookingSchema },
  update: {
    summary: 'Change a booking (its owner or a space admin)',
    params: idParams,
    body: bookingSaveBody,
    errors: { 400: RULES, 409: [E.BookingSlotConflict, E.BookingReleased] },
  },
  delete: {
    summary: 'Cancel a booking (its owner or a space admin)',
    description:
      'An optional `reason` (at most 500 characters, else 400) is quoted in the cancellation mail to the owner.',
    params: idParams,
    query: bookingCancelQuery,
    errors: { 403: [E.BookingMaxHoursBeforeDelete] },
  },
  approve: {
    summary: 'Confirm (true) or decline (false) a booking waiting for approval',
    params: idParams,
    body: approveBody,
  },
  checkIn: {
    summary: 'Check in to a booking (its owner, or a space admin for them)',
    description:
      'Where the check-in policy of the space asks for it, from the moment the window opens until the booking ends. `token` is the one in the code at the space; under "scan only" it is required. Checking in again changes nothing.',
    params: idParams,
    body: checkInBody,
    errors: {
      400: [E.CheckInOff, E.CheckInNotOpenYet, E.CheckInClosed, E.CheckInNeedsScan],
      409: [E.BookingReleased],
    },
  },
  checkOut: {
    summary: 'Leave early: the booking ends now and the rest of its slot is free (its owner or a space admin)',
    params: idParams,
    errors: { 400: [E.CheckOutNotInProgress] },
  },
  ical: {
    summary: 'A booking as an iCalendar file (its owner or a space admin)',
    description: 'An attachment `seatsurfing-YYYYMMDD-HHMM.ics` with one event; its UID is the booking id.',
    params: idParams,
  },
});

export const recurringBookingApi = endpoints('recurring bookings', routes.recurringBooking, {
  precheck: {
    summary: 'The outcome each occurrence of a series would have; nothing is stored',
    body: recurringBookingBody,
    response: z.array(precheckResultSchema),
  },
  create: {
    summary: 'Book a series: every occurrence that passes the rules and is free',
    body: recurringBookingBody,
    response: z.array(precheckResultSchema),
    errors: { 400: [E.BookingSubjectRequired] },
  },
  get: { summary: 'One series (its owner or a space admin)', params: idParams, response: recurringBookingSchema },
  delete: {
    summary: 'End a series: future occurrences are cancelled, past ones stay',
    params: idParams,
  },
  ical: {
    summary: 'Every occurrence of a series as one iCalendar file (its owner or a space admin)',
    description: 'One event per remaining occurrence, each with its booking id as UID. 404 when no occurrence is left.',
    params: idParams,
  },
});

export const buddyApi = endpoints('buddies', routes.buddy, {
  list: { summary: "The caller's buddies with their next booking", response: z.array(buddySchema) },
  create: { summary: 'Add a buddy by id or email', body: buddySaveBody },
  save: { summary: 'Add a buddy by id or email (as POST)', body: buddySaveBody },
  delete: { summary: 'Remove a buddy', params: idParams },
  search: {
    summary: 'Colleagues matching at least three characters of their email or name',
    query: buddySearchQuery,
    response: z.array(userStubSchema),
  },
});

export const checkInApi = endpoints('check-in', routes.checkIn, {
  due: {
    summary: "The caller's bookings that ask for a check-in and have not ended, with their windows",
    description:
      'Perch addition. Bookings starting within the next 12 hours (the longest a window opens early) or in progress, not checked in, not released.',
    response: z.array(checkInDueSchema),
  },
  link: {
    summary: 'Acts on a link of a check-in reminder mail: check in, or release the booking ("I won\'t come")',
    description:
      'Perch addition; no sign-in: the link is the proof. Each mail\'s link works once, until the booking is missed. `in` checks in as a click would (not under "scan only"); `release` frees the space at once: a booking that has not begun is cancelled (also after `max_hours_before_delete`), one in progress ends at the next whole minute and stays in the history with `releaseReason: "not-coming"`. Answers the space, area and times (as the area\'s wall clock) for the confirmation page. 404 with 1107 when the link is unknown, used or expired.',
    params: idParams,
    body: checkInLinkBody,
    response: checkInLinkResultSchema,
    errors: {
      400: [E.CheckInOff, E.CheckInNotOpenYet, E.CheckInClosed, E.CheckInNeedsScan],
      404: [E.CheckInLinkInvalid],
      409: [E.BookingReleased],
    },
  },
});

export const presenceApi = endpoints('check-in', routes.presence, {
  checkIn: {
    summary: 'A sensor or badge reader says a person is at a space: checks them in to their booking there',
    description:
      'Perch addition, for read-write service accounts. The space is named by `spaceId` or by the `token` of its code. Checks in the person\'s booking at that space that is in progress or whose window is open, as a scan would (also under "scan only"). 404 with the reason when the person, the space or such a booking is unknown; 400 as `POST /booking/{id}/checkin` when the window has not opened.',
    body: presenceCheckInBody,
    response: presenceCheckInSchema,
    errors: { 400: [E.CheckInOff, E.CheckInNotOpenYet, E.CheckInClosed], 409: [E.BookingReleased] },
  },
});
