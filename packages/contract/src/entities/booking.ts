import { z } from 'zod';
import { TEXT_MAX } from '../limits.js';

export const bookingLocationStub = z.object({ id: z.string(), name: z.string() });
export const bookingSpaceStub = z.object({
  id: z.string(),
  locationId: z.string(),
  name: z.string(),
  location: bookingLocationStub,
});

/**
 * A booking. `enter` and `leave` leave the server as the area's wall clock with its real
 * offset (`2030-09-01T08:30:00+02:00`) and arrive as that wall clock written with `Z`.
 */
export const bookingSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  userFirstname: z.string(),
  userLastname: z.string(),
  approved: z.boolean(),
  recurringId: z.string(),
  spaceId: z.string(),
  subject: z.string(),
  enter: z.string(),
  leave: z.string(),
  space: bookingSpaceStub,
  /** Perch addition: when its person checked in (the area's wall clock with its offset), or null. */
  checkedInAt: z.string().nullable(),
  /**
   * Perch addition: when it was released because nobody checked in, or null. A released
   * booking's `leave` is that moment: the rest of its slot was given free.
   */
  releasedAt: z.string().nullable(),
  /** Perch addition: why it was released (`no-show`), or null. */
  releaseReason: z.string().nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingSaveBody = z.object({
  spaceId: z.uuid(),
  enter: z.string().max(64),
  leave: z.string().max(64),
  subject: z.string().max(TEXT_MAX.subject).default(''),
  userEmail: z.string().max(TEXT_MAX.email).optional(),
});
export type BookingSave = z.infer<typeof bookingSaveBody>;

export const bookingPrecheckBody = z.object({
  locationId: z.uuid(),
  enter: z.string().max(64),
  leave: z.string().max(64),
});

export const approveBody = z.object({ approved: z.boolean() });

/** A check-in: `token` is the one in the space's code, when the person scanned it. */
export const checkInBody = z.object({ token: z.string().max(128).optional() }).default({});

/**
 * Perch addition: a booking of the caller that asks for a check-in and has not ended, with its
 * window. Bookings made inside the window count as checked in and are not listed.
 */
export const checkInDueSchema = z.object({
  bookingId: z.string(),
  /** The window opens (people may check in from then until the booking ends). */
  opensAt: z.string(),
  /** Not checked in by then, the booking is missed: released when `releases`, else counted as a no-show. */
  missedAt: z.string(),
  releases: z.boolean(),
  /** Only scanning the code at the space checks in. */
  scanOnly: z.boolean(),
});
export type CheckInDue = z.infer<typeof checkInDueSchema>;

/** Perch addition: what a check-in reminder's link does. */
export const checkInLinkBody = z.object({ action: z.enum(['in', 'release']) });

/** Perch addition: the booking a check-in link acted on, for the page that confirms it. */
export const checkInLinkResultSchema = z.object({
  action: z.enum(['in', 'release']),
  /** After `release`: the booking stays in the history (it had begun); false: it was cancelled. */
  kept: z.boolean(),
  spaceName: z.string(),
  areaName: z.string(),
  enter: z.string(),
  leave: z.string(),
});
export type CheckInLinkResult = z.infer<typeof checkInLinkResultSchema>;

/**
 * Perch addition: a presence signal from a sensor or a door badge reader (a read-write service
 * account): this person is at this space, named by its id or by the token in its code.
 */
export const presenceCheckInBody = z
  .object({
    spaceId: z.string().max(64).optional(),
    token: z.string().max(128).optional(),
    email: z.string().trim().min(1).max(254),
  })
  .refine((b) => (b.spaceId === undefined) !== (b.token === undefined), 'Give either spaceId or token');
export const presenceCheckInSchema = z.object({ bookingId: z.string() });

/** Cancelling a booking: an optional reason (≤ 500 characters) that the owner's cancellation mail quotes. */
export const bookingCancelQuery = z.object({
  reason: z.string().max(TEXT_MAX.cancelReason).optional(),
});

/**
 * Optional paging of the long admin lists (Perch addition): `limit` rows after skipping
 * `offset`. Without `limit` the whole list comes back, as the reference answers.
 */
export const listPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type ListPage = z.infer<typeof listPageQuery>;

/** The longest history a person reads back, in days, and the most bookings it lists. */
export const BOOKING_HISTORY = { maxDays: 90, defaultDays: 30, limit: 200 } as const;

/** Perch addition: how many days back the caller's own history reaches. */
export const bookingHistoryQuery = z.object({
  days: z.coerce.number().int().min(1).max(BOOKING_HISTORY.maxDays).default(BOOKING_HISTORY.defaultDays),
});

/**
 * Perch addition, the admin lists' check-in state: checked in, released because nobody checked
 * in, or neither (not checked in yet, or no check-in asked for).
 */
export const bookingStateFilter = z.enum(['checked-in', 'released', 'not-checked-in']);
export type BookingStateFilter = z.infer<typeof bookingStateFilter>;

export const bookingFilterQuery = z
  .object({
    start: z.string().max(64),
    end: z.string().max(64),
    user: z.string().max(256).optional(),
    location: z.string().max(64).optional(),
    state: bookingStateFilter.optional(),
  })
  .extend(listPageQuery.shape);

/** Optional filters of the admin lists: a user's email and an area. */
export const bookingAdminListQuery = z.object({
  user: z.string().max(256).optional(),
  location: z.string().max(64).optional(),
  state: bookingStateFilter.optional(),
});

/**
 * The presence report's window: one column per calendar day from `start`'s date while the day
 * begins before `end`, at most 31 days apart. RFC 3339 times whose digits are read as the
 * wall clock (any offset ignored), or plain `YYYY-MM-DD` dates; optionally one area.
 */
export const presenceReportQuery = z.object({
  start: z.string().max(64),
  end: z.string().max(64),
  locationId: z.string().max(64).optional(),
});

export const presenceUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
});

/**
 * Who was in on which day: `presences[u][d]` is the number of bookings of `users[u]` whose
 * days (in their area's time zone) include `dates[d]` (`YYYY-MM-DD`).
 */
export const presenceReportSchema = z.object({
  users: z.array(presenceUserSchema),
  dates: z.array(z.string()),
  presences: z.array(z.array(z.number().int())),
});
export type PresenceReport = z.infer<typeof presenceReportSchema>;

/** A booking as listed inside a space's availability. */
export const availabilityBookingSchema = z.object({
  id: z.string(),
  recurringId: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  userFirstname: z.string(),
  userLastname: z.string(),
  enter: z.string(),
  leave: z.string(),
  subject: z.string(),
  approved: z.boolean(),
  isBuddy: z.boolean().optional(),
  /** Perch addition: its person has checked in (is at the space, or was). */
  checkedIn: z.boolean().optional(),
});
export type AvailabilityBooking = z.infer<typeof availabilityBookingSchema>;

export const recurringBookingBody = z.object({
  spaceId: z.uuid(),
  subject: z.string().max(256).default(''),
  enter: z.string().max(64),
  leave: z.string().max(64),
  end: z.string().max(64),
  cadence: z.union([z.literal(1), z.literal(2)]),
  cycle: z.number().int().min(1).max(365).default(1),
  weekdays: z.array(z.number().int().min(0).max(6)).max(7).default([]),
});
export type RecurringBookingSave = z.infer<typeof recurringBookingBody>;

export const recurringBookingSchema = z.object({
  id: z.string(),
  userId: z.string(),
  spaceId: z.string(),
  subject: z.string(),
  enter: z.string(),
  leave: z.string(),
  end: z.string(),
  cadence: z.number().int(),
  cycle: z.number().int(),
  weekdays: z.array(z.number().int()),
});
export type RecurringBooking = z.infer<typeof recurringBookingSchema>;

/** One occurrence in a recurring precheck or create result. */
export const precheckResultSchema = z.object({
  enter: z.string(),
  leave: z.string(),
  success: z.boolean(),
  errorCode: z.number().int().optional(),
  id: z.string(),
});
export type PrecheckResult = z.infer<typeof precheckResultSchema>;

export const buddyFirstBookingSchema = z.object({
  enter: z.string(),
  leave: z.string(),
  desk: z.string(),
  room: z.string(),
});
export const buddySchema = z.object({
  id: z.string(),
  buddyId: z.string(),
  buddyEmail: z.string(),
  buddyFirstname: z.string().optional(),
  buddyLastname: z.string().optional(),
  buddyFirstBooking: buddyFirstBookingSchema.nullable(),
});
export type Buddy = z.infer<typeof buddySchema>;
export const buddySearchQuery = z.object({ q: z.string().max(256).optional() });
export const buddySaveBody = z.object({
  buddyId: z.uuid().optional(),
  buddyEmail: z.string().max(256).optional(),
});
