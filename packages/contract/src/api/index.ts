import type { Endpoint } from '../endpoint.js';
import type { Routes } from '../routes.js';
import { apiTokenApi, passkeyApi, totpApi } from './account-security.js';
import { locationApi, spaceApi, spaceAttributeApi } from './areas.js';
import { authApi } from './auth.js';
import { authProviderApi } from './auth-providers.js';
import { authAttemptApi } from './auth-attempts.js';
import { bookingApi, buddyApi, checkInApi, presenceApi, recurringBookingApi } from './bookings.js';
import { calendarApi } from './calendar.js';
import { groupApi } from './groups.js';
import { healthApi } from './health.js';
import { mailOutboxApi } from './mail-outbox.js';
import { cloudApi, feedbackApi, kioskApi } from './not-planned.js';
import { organizationApi } from './organizations.js';
import { preferenceApi, settingApi } from './settings.js';
import { searchApi, statsApi } from './stats.js';
import { userApi } from './users.js';
import { wikiApi } from './wiki.js';

/**
 * The endpoint table: every route with its schemas, grouped as in `routes`. The server
 * registers its routes from it, the OpenAPI document is built from it and the typed client
 * takes its types from it.
 */
export const api = {
  health: healthApi,
  auth: authApi,
  user: userApi,
  organization: organizationApi,
  setting: settingApi,
  preference: preferenceApi,
  calendar: calendarApi,
  wiki: wikiApi,
  group: groupApi,
  spaceAttribute: spaceAttributeApi,
  location: locationApi,
  space: spaceApi,
  booking: bookingApi,
  recurringBooking: recurringBookingApi,
  buddy: buddyApi,
  checkIn: checkInApi,
  presence: presenceApi,
  stats: statsApi,
  search: searchApi,
  authAttempt: authAttemptApi,
  mailOutbox: mailOutboxApi,
  authProvider: authProviderApi,
  passkey: passkeyApi,
  totp: totpApi,
  apiToken: apiTokenApi,
  kiosk: kioskApi,
  feedback: feedbackApi,
  cloud: cloudApi,
} satisfies { [G in keyof Routes]: { [N in keyof Routes[G]]: Endpoint } };

export type Api = typeof api;

/** Every endpoint, flat. */
export const ALL_ENDPOINTS: readonly Endpoint[] = Object.values(api).flatMap(
  (group) => Object.values(group) as Endpoint[],
);

/** The endpoint of a route reference. */
export type EndpointOf<R extends { group: string; name: string }> = R['group'] extends keyof Api
  ? R['name'] extends keyof Api[R['group']]
    ? Api[R['group']][R['name']]
    : never
  : never;
