import { z } from 'zod';
import { caldavConnectionBody } from './preference.js';

/**
 * The user's CalDAV connection (stored in the `caldav_*` preferences) and what its sync did.
 * The password is never part of an answer.
 */
export const caldavStatusSchema = z.object({
  /** All four preferences are set: bookings are synced to the calendar. */
  connected: z.boolean(),
  url: z.string(),
  username: z.string(),
  /** The calendar's path on the server (the `caldav_path` preference). */
  path: z.string(),
  /** When an event was last written to or removed from the calendar. */
  lastSyncAt: z.string().nullable(),
  /** Why the last attempt failed, when it failed after the last success; `""` otherwise. */
  lastError: z.string(),
  lastErrorAt: z.string().nullable(),
  /** Bookings waiting to be written to the calendar (retried with growing pauses). */
  pending: z.number().int(),
});
export type CaldavStatus = z.infer<typeof caldavStatusSchema>;

/**
 * `PUT /preference/caldav/connection`: connect a calendar. The server signs in, checks that the
 * calendar is one of the account's and then stores the connection; the user's upcoming bookings
 * are written to it. The password may be left out to keep the stored one (same server and user).
 */
export const caldavConnectBody = caldavConnectionBody.extend({
  password: z.string().max(256).optional(),
  path: z.string().min(1).max(512),
});
export type CaldavConnect = z.infer<typeof caldavConnectBody>;

/** `DELETE /preference/caldav/connection?removeEvents=1`: also remove Perch's events from the calendar. */
export const caldavDisconnectQuery = z.object({
  removeEvents: z.enum(['0', '1', 'true', 'false']).optional(),
});
export const caldavDisconnectResultSchema = z.object({
  /** Events removed from the calendar. */
  removed: z.number().int(),
  /** Events that could not be removed (the calendar did not answer). */
  failed: z.number().int(),
});
export type CaldavDisconnectResult = z.infer<typeof caldavDisconnectResultSchema>;

/** The user's calendar feed: a secret address calendar apps subscribe to. */
export const calendarFeedSchema = z.object({
  /** `https://…/calendar-feed/<token>.ics`, or null while the user has no feed. */
  url: z.string().nullable(),
  /** The same address with the `webcal:` scheme, which opens the subscription in calendar apps. */
  webcalUrl: z.string().nullable(),
  createdAt: z.string().nullable(),
  /** When a calendar app last fetched the feed. */
  lastPolledAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedParams = z.object({ token: z.string().max(128) });
