import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wall } from '../test-support/bookings.js';
import { png } from '../test-support/images.js';
import { fetchWithHost, siteOf } from '../test-support/second-factors.js';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
} from '../test-support/server.js';

/**
 * The upstream Seatsurfing web UI (1.125) pointed at Perch: the API calls its main pages make,
 * in the order they make them, replayed against a fresh server the way the UI sends them
 * (same-origin paths, `Content-Type: application/json` on every call, bearer token, times as
 * "fake UTC" with milliseconds, leave − 1 s). Each call must answer the status the reference
 * itself gives in that situation: a 2xx, or the reference's own refusal where a feature is not
 * available in this version (402/403/404 of system/unavailable/). Never a 5xx, never Fastify's
 * "No route" 404 (which that UI turns into a blocking "Not found" dialog), never a 4xx the
 * reference would not give.
 *
 * The table of calls and statuses is printed.
 */

type Who = 'anonymous' | 'user' | 'orgAdmin' | 'superAdmin';

interface Reply {
  status: number;
  headers: Headers;
  json: unknown;
  text: string;
}

interface Call {
  page: string;
  who: Who;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as the table shows it. */
  route: string;
  /** The concrete path with query (ids from earlier calls); defaults to `route`. */
  path?: () => string;
  body?: () => unknown;
  /** Raw upload (the floor-plan image). */
  upload?: () => { contentType: string; data: BodyInit };
  /** What the reference answers here. */
  expect: number;
  /** Why the answer is a refusal (features not available in this version). */
  note?: string;
  /** The refusal's message (lower case) when it is not "not available in this version". */
  refusal?: RegExp;
  /** Sent with the organisation's primary domain as `Host` (the test server listens on 127.0.0.1). */
  onPrimaryDomain?: true;
  /** Keeps something of the answer for the calls that follow. */
  keep?: (r: Reply) => void;
}

const ZONE = 'Europe/Berlin';
const DOMAIN = 'test.perch.local';
const USER_EMAIL = 'ui.user@test.perch.local';
const ADMIN2_EMAIL = 'ui.admin@test.perch.local';

/** A wall-clock time as the UI sends it: local time written as UTC, with milliseconds. */
const fakeUtc = (days: number, hh: number, mm = 0, ss = 0) =>
  wall(ZONE, days, hh, mm).replace(/:00Z$/, `:${String(ss).padStart(2, '0')}.000Z`);
/** The UI's booking window on day `days`: 09:00 to 17:00 minus one second. */
const enter = (days: number) => fakeUtc(days, 9);
const leave = (days: number) => fakeUtc(days, 16, 59, 59);

/** Ids and tokens the replay learns as it goes. */
const st: Record<string, string> = {};
const id = (name: string) => {
  const v = st[name];
  if (v === undefined) throw new Error(`the replay has no ${name} yet`);
  return v;
};
const objectId = (name: string) => (r: Reply) => {
  st[name] = r.headers.get('x-object-id') ?? '';
};
const signedIn = (who: Who) => (r: Reply) => {
  const creds = r.json as { accessToken: string; refreshToken: string };
  st[`${who}.access`] = creds.accessToken;
  st[`${who}.refresh`] = creds.refreshToken;
};

/** Every page loads these (the app shell) plus the navigation bar's merge-request bell. */
const shell = (page: string, who: Who): Call[] => [
  { page, who, method: 'GET', route: '/user/me', expect: 200 },
  { page, who, method: 'GET', route: '/setting/', expect: 200 },
  { page, who, method: 'GET', route: '/preference/', expect: 200 },
  { page, who, method: 'GET', route: '/user/merge', expect: 200 },
];

const NOT_AVAILABLE = 'not available in this version';

const PAGES: Call[] = [
  // Sign-in: the organisation from the host name, its providers, password sign-in.
  ...(['user', 'orgAdmin'] as const).flatMap((who): Call[] => [
    { page: 'login', who: 'anonymous', method: 'GET', route: `/auth/org/${DOMAIN}`, expect: 200 },
    { page: 'login', who: 'anonymous', method: 'GET', route: '/auth/singleorg', expect: 200 },
    {
      page: 'login',
      who: 'anonymous',
      method: 'GET',
      route: '/auth-provider/org/{orgId}',
      path: () => `/auth-provider/org/${id('orgId')}`,
      expect: 200,
    },
    {
      page: 'login',
      who: 'anonymous',
      method: 'POST',
      route: '/auth/login',
      body: () => ({
        email: who === 'user' ? USER_EMAIL : ADMIN2_EMAIL,
        password: TEST_PASSWORD,
        organizationId: id('orgId'),
      }),
      expect: 200,
      keep: signedIn(who),
    },
  ]),
  {
    page: 'login',
    who: 'anonymous',
    method: 'POST',
    route: '/auth/login',
    body: () => ({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, organizationId: id('orgId') }),
    expect: 200,
    keep: signedIn('superAdmin'),
  },
  {
    page: 'login',
    who: 'anonymous',
    method: 'POST',
    route: '/auth/refresh',
    body: () => ({ refreshToken: id('user.refresh') }),
    expect: 200,
    keep: signedIn('user'),
  },
  {
    page: 'login (passkey link)',
    who: 'anonymous',
    method: 'POST',
    route: '/auth/passkey/login/begin',
    body: () => ({ organizationId: id('orgId') }),
    expect: 200,
  },
  {
    page: 'reset password',
    who: 'anonymous',
    method: 'POST',
    route: '/auth/initpwreset',
    body: () => ({ organizationId: id('orgId'), email: USER_EMAIL }),
    expect: 204,
  },

  // Booking search page: areas, the chosen area's map and availability, then a booking.
  ...shell('search', 'user'),
  { page: 'search', who: 'user', method: 'GET', route: '/location/', expect: 200 },
  { page: 'search', who: 'user', method: 'GET', route: '/space-attribute/', expect: 200 },
  { page: 'search', who: 'user', method: 'GET', route: '/buddy/', expect: 200 },
  {
    page: 'search',
    who: 'user',
    method: 'GET',
    route: '/location/{id}',
    path: () => `/location/${id('area')}`,
    expect: 200,
  },
  {
    page: 'search',
    who: 'user',
    method: 'GET',
    route: '/location/{id}/space/availability?enter&leave',
    path: () =>
      `/location/${id('area')}/space/availability?enter=${encodeURIComponent(enter(2))}&leave=${encodeURIComponent(leave(2))}`,
    expect: 200,
  },
  {
    page: 'search',
    who: 'user',
    method: 'GET',
    route: '/location/{id}/map',
    path: () => `/location/${id('area')}/map`,
    expect: 200,
  },
  {
    page: 'search (filter)',
    who: 'user',
    method: 'POST',
    route: '/location/search',
    body: () => ({ enter: enter(2), leave: leave(2), attributes: [] }),
    expect: 200,
  },
  {
    page: 'search',
    who: 'user',
    method: 'POST',
    route: '/booking/precheck/',
    body: () => ({ locationId: id('area'), enter: enter(2), leave: leave(2) }),
    expect: 204,
  },
  {
    page: 'search (space calendar)',
    who: 'user',
    method: 'GET',
    route: '/location/{id}/space/{id}/availability?enter&leave',
    path: () =>
      `/location/${id('area')}/space/${id('desk1')}/availability?enter=${encodeURIComponent(enter(0))}&leave=${encodeURIComponent(leave(6))}`,
    expect: 200,
  },
  {
    page: 'search (book)',
    who: 'user',
    method: 'POST',
    route: '/booking/',
    body: () => ({ spaceId: id('desk1'), enter: enter(2), leave: leave(2), subject: '' }),
    expect: 201,
    keep: objectId('booking'),
  },
  {
    page: 'search (success: Event)',
    who: 'user',
    method: 'GET',
    route: '/booking/{id}/ical',
    path: () => `/booking/${id('booking')}/ical`,
    expect: 200,
  },
  {
    page: 'search (book, approval)',
    who: 'user',
    method: 'POST',
    route: '/booking/',
    body: () => ({ spaceId: id('room'), enter: enter(3), leave: leave(3), subject: 'Planning' }),
    expect: 201,
    keep: objectId('pending'),
  },
  {
    page: 'search (recurrence)',
    who: 'user',
    method: 'POST',
    route: '/recurring-booking/precheck',
    body: () => ({
      spaceId: id('desk2'),
      subject: '',
      enter: enter(4),
      leave: leave(4),
      end: fakeUtc(8, 23, 59, 59),
      cadence: 1,
      cycle: 1,
      weekdays: [],
    }),
    expect: 200,
  },
  {
    page: 'search (book series)',
    who: 'user',
    method: 'POST',
    route: '/recurring-booking/',
    body: () => ({
      spaceId: id('desk2'),
      subject: '',
      enter: enter(4),
      leave: leave(4),
      end: fakeUtc(8, 23, 59, 59),
      cadence: 1,
      cycle: 1,
      weekdays: [],
    }),
    expect: 201,
    keep: objectId('series'),
  },

  // My bookings: the list, a series, its calendar file, cancelling.
  ...shell('bookings', 'user'),
  { page: 'bookings', who: 'user', method: 'GET', route: '/booking/', expect: 200 },
  { page: 'bookings', who: 'user', method: 'GET', route: '/buddy/', expect: 200 },
  {
    page: 'bookings',
    who: 'user',
    method: 'GET',
    route: '/recurring-booking/{id}',
    path: () => `/recurring-booking/${id('series')}`,
    expect: 200,
  },
  {
    page: 'bookings (Event)',
    who: 'user',
    method: 'GET',
    route: '/recurring-booking/{id}/ical',
    path: () => `/recurring-booking/${id('series')}/ical`,
    expect: 200,
  },
  {
    page: 'bookings (cancel all upcoming)',
    who: 'user',
    method: 'DELETE',
    route: '/recurring-booking/{id}',
    path: () => `/recurring-booking/${id('series')}`,
    expect: 204,
  },

  // My buddies.
  ...shell('buddies', 'user'),
  { page: 'buddies', who: 'user', method: 'GET', route: '/buddy/', expect: 200 },
  {
    page: 'buddies',
    who: 'user',
    method: 'GET',
    route: '/buddy/search?q=',
    path: () => '/buddy/search?q=ui.',
    expect: 200,
  },
  {
    page: 'buddies',
    who: 'user',
    method: 'PUT',
    route: '/buddy/',
    body: () => ({ buddyId: id('orgAdminId') }),
    expect: 201,
    keep: objectId('buddy'),
  },
  {
    page: 'buddies',
    who: 'user',
    method: 'DELETE',
    route: '/buddy/{id}',
    path: () => `/buddy/${id('buddy')}`,
    expect: 204,
  },

  // Preferences, tab by tab: bookings, security (passkeys, TOTP state, sessions), integrations.
  ...shell('preferences', 'user'),
  {
    page: 'preferences (bookings)',
    who: 'user',
    method: 'PUT',
    route: '/preference/',
    body: () => [
      { name: 'enter_time', value: '1' },
      { name: 'workday_start', value: '08:00' },
      { name: 'workday_end', value: '17:00' },
      { name: 'workdays', value: '1,2,3,4,5' },
      { name: 'week_start_day', value: '1' },
      { name: 'mail_notifications', value: '1' },
      { name: 'mail_reminder', value: '0' },
      { name: 'mail_language', value: '' },
      { name: 'use_24_hour_time', value: '1' },
      { name: 'date_format', value: 'Y-m-d' },
      { name: 'location_id', value: id('area') },
    ],
    expect: 204,
  },
  {
    page: 'preferences (style)',
    who: 'user',
    method: 'PUT',
    route: '/preference/',
    body: () => [
      { name: 'booked_color', value: '#ff453a' },
      { name: 'not_booked_color', value: '#30d158' },
      { name: 'self_booked_color', value: '#b825de' },
      { name: 'buddy_booked_color', value: '#2415c5' },
      { name: 'disallowed_color', value: '#eeeeee' },
    ],
    expect: 204,
  },
  { page: 'preferences (security)', who: 'user', method: 'GET', route: '/user/passkey/', expect: 200 },
  { page: 'preferences (security)', who: 'user', method: 'GET', route: '/user/session', expect: 200 },
  {
    page: 'preferences (enable TOTP)',
    who: 'user',
    method: 'GET',
    route: '/user/totp/generate',
    expect: 200,
  },
  {
    page: 'preferences (add passkey)',
    who: 'user',
    method: 'POST',
    route: '/user/passkey/registration/begin',
    // The UI runs on the organisation's primary domain, where passkeys belong.
    onPrimaryDomain: true,
    expect: 200,
  },
  {
    page: 'preferences (integrations)',
    who: 'user',
    method: 'POST',
    route: '/preference/caldav/listCalendars',
    // No CalDAV server listens there (the round trip with one: caldav.system.test.ts).
    body: () => ({ url: 'http://127.0.0.1:9/', username: 'ui.user', password: 'secret' }),
    expect: 404,
    note: "no calendar server at that address (the reference's answer when it finds no calendars)",
    refusal: /^caldav connection error \(check url and credentials\): /,
  },
  {
    page: 'preferences (integrations: disconnect)',
    who: 'user',
    method: 'PUT',
    route: '/preference/',
    body: () => [
      { name: 'caldav_url', value: '' },
      { name: 'caldav_user', value: '' },
      { name: 'caldav_pass', value: '' },
      { name: 'caldav_path', value: '' },
    ],
    expect: 204,
  },
  {
    page: 'preferences (log out a session)',
    who: 'user',
    method: 'GET',
    route: '/auth/logout/{sessionId}',
    path: () => `/auth/logout/${id('otherSession')}`,
    expect: 204,
  },

  // Admin dashboard.
  ...shell('admin dashboard', 'orgAdmin'),
  { page: 'admin dashboard', who: 'orgAdmin', method: 'GET', route: '/booking/pendingapprovals/count', expect: 200 },
  { page: 'admin dashboard', who: 'orgAdmin', method: 'GET', route: '/uc/', expect: 200 },
  { page: 'admin dashboard', who: 'orgAdmin', method: 'GET', route: '/stats/', expect: 200 },
  { page: 'admin dashboard', who: 'orgAdmin', method: 'GET', route: '/location/', expect: 200 },
  // The UI leaves out the query parameters of "all areas" and "all time" (types/StatsLoad.ts).
  { page: 'admin dashboard', who: 'orgAdmin', method: 'GET', route: '/stats/load', expect: 200 },
  {
    page: 'admin dashboard',
    who: 'orgAdmin',
    method: 'GET',
    route: '/stats/load?location={id}',
    path: () => `/stats/load?location=${id('area')}`,
    expect: 200,
  },
  { page: 'admin dashboard', who: 'orgAdmin', method: 'GET', route: '/stats/weekday', expect: 200 },
  {
    page: 'admin dashboard',
    who: 'orgAdmin',
    method: 'GET',
    route: '/stats/weekday?location={id}&period=thisWeek',
    path: () => `/stats/weekday?location=${id('area')}&period=thisWeek`,
    expect: 200,
  },
  {
    page: 'admin (feedback button)',
    who: 'orgAdmin',
    method: 'POST',
    route: '/feedback/',
    body: () => ({ text: 'Looks good' }),
    expect: 404,
    note: 'feedback to the hosted service is not planned',
  },

  // Admin settings: settings, domains, sign-in providers, the organisation.
  ...shell('admin settings', 'orgAdmin'),
  { page: 'admin settings', who: 'orgAdmin', method: 'GET', route: '/setting/timezones', expect: 200 },
  {
    page: 'admin settings',
    who: 'orgAdmin',
    method: 'GET',
    route: '/organization/{id}/domain/',
    path: () => `/organization/${id('orgId')}/domain/`,
    expect: 200,
  },
  { page: 'admin settings', who: 'orgAdmin', method: 'GET', route: '/auth-provider/', expect: 200 },
  {
    page: 'admin settings (save)',
    who: 'orgAdmin',
    method: 'PUT',
    route: '/setting/',
    body: () => [
      { name: 'show_names', value: '1' },
      { name: 'disable_buddies', value: '0' },
      { name: 'max_bookings_per_user', value: '20' },
      { name: 'max_days_in_advance', value: '14' },
      { name: 'enforce_totp', value: '0' },
      { name: 'subject_default', value: '2' },
      { name: 'allow_recurring_bookings', value: '1' },
    ],
    expect: 204,
  },
  {
    page: 'admin settings (add sign-in provider)',
    who: 'orgAdmin',
    method: 'POST',
    route: '/auth-provider/',
    body: () => ({
      name: 'Keycloak',
      providerType: 1,
      authUrl: 'https://idp.example/auth',
      tokenUrl: 'https://idp.example/token',
      authStyle: 0,
      scopes: 'openid,email',
      userInfoUrl: 'https://idp.example/userinfo',
      userInfoEmailField: 'email',
      userInfoFirstnameField: '',
      userInfoLastnameField: '',
      clientId: 'perch',
      clientSecret: 'secret',
      logoutUrl: '',
      profilePageUrl: '',
    }),
    expect: 201,
    note: `sign-in providers ${NOT_AVAILABLE} (the reference's answer with the feature off)`,
  },
  {
    page: 'admin settings/org',
    who: 'orgAdmin',
    method: 'GET',
    route: '/organization/{id}',
    path: () => `/organization/${id('orgId')}`,
    expect: 200,
  },
  { page: 'admin organizations', who: 'superAdmin', method: 'GET', route: '/organization/', expect: 200 },

  // Admin users: list, create, edit with the 2FA and API-token boxes.
  ...shell('admin users', 'orgAdmin'),
  { page: 'admin users', who: 'orgAdmin', method: 'GET', route: '/user/', expect: 200 },
  { page: 'admin users (add)', who: 'orgAdmin', method: 'GET', route: '/auth-provider/', expect: 200 },
  {
    page: 'admin users (add)',
    who: 'orgAdmin',
    method: 'POST',
    route: '/user/',
    body: () => ({
      email: 'new.colleague@test.perch.local',
      firstname: 'New',
      lastname: 'Colleague',
      role: 0,
      password: 'Welcome!2you',
    }),
    expect: 201,
    keep: objectId('newUser'),
  },
  {
    page: 'admin users (edit)',
    who: 'orgAdmin',
    method: 'GET',
    route: '/user/{id}',
    path: () => `/user/${id('newUser')}`,
    expect: 200,
  },
  {
    page: 'admin users (edit)',
    who: 'orgAdmin',
    method: 'PUT',
    route: '/user/{id}',
    path: () => `/user/${id('newUser')}`,
    body: () => ({ email: 'new.colleague@test.perch.local', firstname: 'Newer', lastname: 'Colleague', role: 10 }),
    expect: 204,
  },
  {
    page: 'admin users (reset TOTP)',
    who: 'orgAdmin',
    method: 'DELETE',
    route: '/user/{id}/totp',
    path: () => `/user/${id('newUser')}/totp`,
    expect: 204,
  },
  {
    page: 'admin users (reset passkeys)',
    who: 'orgAdmin',
    method: 'DELETE',
    route: '/user/{id}/passkeys',
    path: () => `/user/${id('newUser')}/passkeys`,
    expect: 204,
  },
  {
    page: 'admin users (add service account)',
    who: 'orgAdmin',
    method: 'POST',
    route: '/user/',
    body: () => ({ email: 'robot@test.perch.local', firstname: 'Ro', lastname: 'Bot', role: 22 }),
    expect: 201,
    keep: objectId('robot'),
  },
  {
    page: 'admin users (service account)',
    who: 'orgAdmin',
    method: 'GET',
    route: '/user/{id}/api-token',
    path: () => `/user/${id('robot')}/api-token`,
    expect: 200,
  },
  {
    page: 'admin users (generate API token)',
    who: 'orgAdmin',
    method: 'POST',
    route: '/user/{id}/api-token',
    path: () => `/user/${id('robot')}/api-token`,
    expect: 200,
  },
  {
    page: 'admin users (revoke API token)',
    who: 'orgAdmin',
    method: 'DELETE',
    route: '/user/{id}/api-token',
    path: () => `/user/${id('robot')}/api-token`,
    expect: 204,
  },
  {
    page: 'admin users (delete)',
    who: 'orgAdmin',
    method: 'DELETE',
    route: '/user/{id}',
    path: () => `/user/${id('newUser')}`,
    expect: 204,
  },

  // Admin groups.
  ...shell('admin groups', 'orgAdmin'),
  { page: 'admin groups', who: 'orgAdmin', method: 'GET', route: '/group/', expect: 200 },
  {
    page: 'admin groups (add)',
    who: 'orgAdmin',
    method: 'POST',
    route: '/group/',
    body: () => ({ name: 'Facilities' }),
    expect: 201,
    keep: objectId('group2'),
  },
  {
    page: 'admin groups (edit)',
    who: 'orgAdmin',
    method: 'GET',
    route: '/group/{id}',
    path: () => `/group/${id('group2')}`,
    expect: 200,
  },
  {
    page: 'admin groups (edit)',
    who: 'orgAdmin',
    method: 'GET',
    route: '/group/{id}/member',
    path: () => `/group/${id('group2')}/member`,
    expect: 200,
  },
  {
    page: 'admin groups (member typeahead)',
    who: 'orgAdmin',
    method: 'GET',
    route: '/user/?q=',
    path: () => '/user/?q=ui.',
    expect: 200,
  },
  {
    page: 'admin groups (add member)',
    who: 'orgAdmin',
    method: 'PUT',
    route: '/group/{id}/member',
    path: () => `/group/${id('group2')}/member`,
    body: () => [id('userId')],
    expect: 204,
  },
  {
    page: 'admin groups (remove member)',
    who: 'orgAdmin',
    method: 'POST',
    route: '/group/{id}/member/remove',
    path: () => `/group/${id('group2')}/member/remove`,
    body: () => [id('userId')],
    expect: 204,
  },
  {
    page: 'admin groups (save)',
    who: 'orgAdmin',
    method: 'PUT',
    route: '/group/{id}',
    path: () => `/group/${id('group2')}`,
    body: () => ({ name: 'Facility team' }),
    expect: 204,
  },

  // Admin areas and spaces: list, save an area with attributes, spaces and map.
  ...shell('admin areas', 'orgAdmin'),
  { page: 'admin areas', who: 'orgAdmin', method: 'GET', route: '/location/', expect: 200 },
  { page: 'admin attributes', who: 'orgAdmin', method: 'GET', route: '/space-attribute/', expect: 200 },
  {
    page: 'admin attributes (add)',
    who: 'orgAdmin',
    method: 'POST',
    route: '/space-attribute/',
    body: () => ({ label: 'Monitor', type: 2, spaceApplicable: true, locationApplicable: true }),
    expect: 201,
    keep: objectId('attribute'),
  },
  { page: 'admin area (edit)', who: 'orgAdmin', method: 'GET', route: '/setting/timezones', expect: 200 },
  { page: 'admin area (edit)', who: 'orgAdmin', method: 'GET', route: '/group/', expect: 200 },
  {
    page: 'admin area (save)',
    who: 'orgAdmin',
    method: 'POST',
    route: '/location/',
    body: () => ({
      name: 'Second Floor',
      description: 'Quiet area',
      timezone: '',
      enabled: true,
      maxConcurrentBookings: 0,
      mapScale: 1,
      mapType: '',
      allowedBookerGroupIds: [],
      bookableDays: [],
    }),
    expect: 201,
    keep: objectId('area2'),
  },
  {
    page: 'admin area (save)',
    who: 'orgAdmin',
    method: 'POST',
    route: '/location/{id}/attribute/{attributeId}',
    path: () => `/location/${id('area2')}/attribute/${id('attribute')}`,
    body: () => ({ value: '1' }),
    expect: 204,
  },
  {
    page: 'admin area (save)',
    who: 'orgAdmin',
    method: 'POST',
    route: '/location/{id}/map',
    path: () => `/location/${id('area2')}/map`,
    upload: () => ({ contentType: 'image/png', data: new Uint8Array(png(400, 300)) }),
    expect: 204,
  },
  {
    page: 'admin area (edit)',
    who: 'orgAdmin',
    method: 'GET',
    route: '/location/{id}',
    path: () => `/location/${id('area2')}`,
    expect: 200,
  },
  {
    page: 'admin area (edit)',
    who: 'orgAdmin',
    method: 'GET',
    route: '/location/{id}/attribute',
    path: () => `/location/${id('area2')}/attribute`,
    expect: 200,
  },
  {
    page: 'admin area (edit)',
    who: 'orgAdmin',
    method: 'GET',
    route: '/location/{id}/map',
    path: () => `/location/${id('area2')}/map`,
    expect: 200,
  },
  {
    page: 'admin area (edit)',
    who: 'orgAdmin',
    method: 'GET',
    route: '/location/{id}/space/',
    path: () => `/location/${id('area2')}/space/`,
    expect: 200,
  },
  {
    page: 'admin area (save spaces)',
    who: 'orgAdmin',
    method: 'POST',
    route: '/location/{id}/space/bulk',
    path: () => `/location/${id('area2')}/space/bulk`,
    body: () => ({
      creates: [
        {
          name: 'Unnamed',
          x: 10,
          y: 10,
          width: 100,
          height: 100,
          rotation: 0,
          requireSubject: false,
          enabled: true,
          kioskEnabled: false,
          shape: 'rect',
          fontSize: 'normal',
          attributes: [{ attributeId: id('attribute'), value: '1' }],
          approverGroupIds: [],
          allowedBookerGroupIds: [],
        },
      ],
      updates: [],
      deleteIds: [],
    }),
    expect: 200,
  },
  {
    page: 'admin area (save)',
    who: 'orgAdmin',
    method: 'PUT',
    route: '/location/{id}',
    path: () => `/location/${id('area2')}`,
    body: () => ({
      name: 'Second Floor',
      description: 'Quiet area, window side',
      timezone: '',
      enabled: true,
      maxConcurrentBookings: 0,
      mapScale: 1,
      mapType: '',
      allowedBookerGroupIds: [],
      bookableDays: [1, 2, 3, 4, 5],
    }),
    expect: 204,
  },
  {
    page: 'admin area (space approvers)',
    who: 'orgAdmin',
    method: 'GET',
    route: '/location/{id}/space/{id}/approver',
    path: () => `/location/${id('area')}/space/${id('room')}/approver`,
    expect: 200,
  },

  // Admin bookings and approvals.
  ...shell('admin bookings', 'orgAdmin'),
  {
    page: 'admin bookings',
    who: 'orgAdmin',
    method: 'GET',
    route: '/booking/filter/?start&end',
    path: () =>
      `/booking/filter/?start=${encodeURIComponent(fakeUtc(-7, 0))}&end=${encodeURIComponent(fakeUtc(7, 23, 59, 59))}`,
    expect: 200,
  },
  { page: 'admin bookings (current)', who: 'orgAdmin', method: 'GET', route: '/booking/current/', expect: 200 },
  ...shell('admin approvals', 'orgAdmin'),
  { page: 'admin approvals', who: 'orgAdmin', method: 'GET', route: '/booking/pendingapprovals/', expect: 200 },
  {
    page: 'admin approvals (approve)',
    who: 'orgAdmin',
    method: 'POST',
    route: '/booking/{id}/approve',
    path: () => `/booking/${id('pending')}/approve`,
    body: () => ({ approved: true }),
    expect: 204,
  },
  {
    page: 'admin search',
    who: 'orgAdmin',
    method: 'GET',
    route: '/search/?query&include…',
    path: () =>
      '/search/?query=desk&includeUsers=1&includeLocations=1&includeSpaces=1&includeGroups=1&expandLocations=1',
    expect: 200,
  },

  // My bookings again: the approved booking, then cancelling it.
  { page: 'bookings', who: 'user', method: 'GET', route: '/booking/', expect: 200 },
  {
    page: 'bookings (cancel)',
    who: 'user',
    method: 'DELETE',
    route: '/booking/{id}',
    path: () => `/booking/${id('booking')}`,
    expect: 204,
  },
  // Sign-out.
  { page: 'logout', who: 'user', method: 'GET', route: '/auth/logout/current', expect: 204 },
];

/** Calls of the sign-in audit, presence report and floor-plan designer pages, replayed after the pages above. */
const REPORT_AND_DESIGNER_CALLS: Call[] = [
  {
    page: 'admin audit',
    who: 'orgAdmin',
    method: 'GET',
    route: '/auth-attempt/?start&end&limit&offset',
    path: () =>
      `/auth-attempt/?start=${encodeURIComponent(new Date(Date.now() - 7 * 864e5).toISOString())}&end=${encodeURIComponent(new Date().toISOString())}&limit=50&offset=0`,
    expect: 200,
  },
  {
    page: 'admin analysis',
    who: 'orgAdmin',
    method: 'GET',
    route: '/booking/report/presence/?start&end',
    path: () =>
      `/booking/report/presence/?start=${encodeURIComponent(fakeUtc(-7, 0))}&end=${encodeURIComponent(fakeUtc(7, 0))}`,
    expect: 200,
  },
  {
    page: 'admin area (floor-plan designer)',
    who: 'orgAdmin',
    method: 'GET',
    route: '/location/{id}/floorplan-design',
    path: () => `/location/${id('area2')}/floorplan-design`,
    expect: 200,
  },
  {
    page: 'admin area (floor-plan designer: save)',
    who: 'orgAdmin',
    method: 'POST',
    route: '/location/{id}/floorplan-design',
    path: () => `/location/${id('area2')}/floorplan-design`,
    body: () => ({ designData: JSON.stringify({ version: 1, elements: [] }) }),
    expect: 204,
  },
];

let s: TestServer;

/** Sends one call the way the UI's `Ajax.query` does. */
async function send(c: Call): Promise<Reply> {
  const headers: Record<string, string> = { 'content-type': c.upload?.().contentType ?? 'application/json' };
  if (c.who !== 'anonymous') headers.authorization = `Bearer ${id(`${c.who}.access`)}`;
  const body: BodyInit | undefined = c.upload ? c.upload().data : c.body ? JSON.stringify(c.body()) : undefined;
  const send = c.onPrimaryDomain ? fetchWithHost(siteOf(s).host) : fetch;
  const res = await send(s.url + (c.path ? c.path() : c.route), {
    method: c.method,
    headers,
    body,
    cache: 'no-cache',
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

interface Row {
  call: Call;
  status: number;
  message: string;
}
const rows: Row[] = [];

beforeAll(async () => {
  s = await startTestServer();
  st.orgId = s.orgId;
  st.userId = await s.createUser({ email: USER_EMAIL, firstname: 'Uma', lastname: 'User' });
  st.orgAdminId = await s.createUser({ email: ADMIN2_EMAIL, role: 20, firstname: 'Ada', lastname: 'Admin' });
  // The area the booking pages use, as an admin would have set it up: a floor plan, two desks
  // and a room whose bookings the org admin's group approves; names shown, so buddies work.
  await s.admin.put('/setting/', [{ name: 'show_names', value: '1' }]);
  st.area = (await s.admin.post('/location/', { name: 'Sample Floor', enabled: true, timezone: ZONE })).objectId!;
  await s.admin.request('POST', `/location/${st.area}/map`, {
    raw: { data: new Uint8Array(png(800, 600)), contentType: 'image/png' },
  });
  for (const name of ['desk1', 'desk2', 'room'])
    st[name] = (await s.admin.post(`/location/${st.area}/space/`, { name, enabled: true })).objectId!;
  st.group = (await s.admin.post('/group/', { name: 'Approvers' })).objectId!;
  await s.admin.put(`/group/${st.group}/member`, [st.orgAdminId]);
  await s.admin.put(`/location/${st.area}/space/${st.room}/approver`, [st.group]);
  // A second session of the user, which the preferences page signs out.
  const other = await s.signIn(USER_EMAIL);
  const sessions = await other.get<{ id: string; current: boolean }[]>('/user/session');
  st.otherSession = sessions.find((x) => x.current)!.id;

  for (const call of [...PAGES, ...REPORT_AND_DESIGNER_CALLS]) {
    const r = await send(call);
    rows.push({
      call,
      status: r.status,
      message: r.status >= 400 ? ((r.json as { message?: string } | undefined)?.message ?? r.text.slice(0, 120)) : '',
    });
    if (r.status < 300) call.keep?.(r);
  }
  const width = Math.max(...rows.map((r) => `${r.call.method} ${r.call.route}`.length));
  console.log(
    [
      `upstream UI replay: ${rows.length} calls`,
      ...rows.map((r) => {
        const call = `${r.call.method} ${r.call.route}`.padEnd(width);
        const flag = r.status === r.call.expect ? '  ' : '✗ ';
        const why = r.call.note ? `  (${r.call.note})` : '';
        const got = r.status === r.call.expect ? '' : `  expected ${r.call.expect}: ${r.message}`;
        return `${flag}${String(r.status)}  ${call}  ${r.call.page} [${r.call.who}]${why}${got}`;
      }),
    ].join('\n'),
  );
}, 120_000);
afterAll(() => s?.close());

describe('the upstream Seatsurfing web UI against Perch', () => {
  it("answers every call of the UI's main pages with the reference's own status", () => {
    const wrong = rows
      .filter((r) => r.status !== r.call.expect)
      .map(
        (r) =>
          `${r.call.page}: ${r.call.method} ${r.call.route} → ${r.status} (expected ${r.call.expect}) ${r.message}`,
      );
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  it('never answers a 5xx, and no call falls into the "no route" 404', () => {
    expect(rows.filter((r) => r.status >= 500).map((r) => `${r.call.method} ${r.call.route}`)).toEqual([]);
    const unrouted = rows.filter((r) => r.status === 404 && r.message.startsWith('No route'));
    expect(unrouted.map((r) => `${r.call.method} ${r.call.route}: ${r.message}`)).toEqual([]);
  });

  it('refuses only where a feature is not available in this version or nothing answers, saying so', () => {
    const refusals = rows.filter((r) => r.status >= 400);
    for (const r of refusals) {
      expect(r.call.note, `${r.call.method} ${r.call.route}`).toBeDefined();
      expect(r.message.toLowerCase(), `${r.call.method} ${r.call.route}`).toMatch(
        r.call.refusal ?? /not available in this version/,
      );
    }
  });

  it('covers the pages the brief names', () => {
    const pages = new Set(rows.map((r) => r.call.page.split(' (')[0]));
    for (const page of [
      'login',
      'search',
      'bookings',
      'buddies',
      'preferences',
      'admin dashboard',
      'admin settings',
      'admin users',
      'admin groups',
      'admin areas',
      'admin area',
      'admin bookings',
      'admin approvals',
    ])
      expect(pages.has(page), page).toBe(true);
  });
});
