/**
 * Every route of the API: method, path and success status, grouped by resource. Zod-free,
 * so the web app can call routes without loading the schemas; the schemas of each route
 * live in `api/` under the same group and name. Path parameters use the `:name` form;
 * `path()` fills them in. List and create routes end in `/`, item routes do not: the trailing
 * slash is part of the wire contract Seatsurfing clients rely on.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/**
 * The status of a successful answer: 200 with a body, 201 with `X-Object-Id`, 204 empty, 303 or
 * 307 a redirect (a browser navigation, `Location` names the target; 303 turns a form post into
 * a page load).
 */
export type SuccessStatus = 200 | 201 | 204 | 303 | 307;

export interface RouteFlags {
  /** Reachable without signing in (a valid token is still read when sent). */
  readonly public?: true;
  /** A public route that acts on the caller's session: clients send their token (sign-out). */
  readonly withSession?: true;
  /** The request body is raw bytes of any content type (an image), not JSON. */
  readonly rawBody?: true;
  /** The request body is an HTML form (`application/x-www-form-urlencoded`), not JSON. */
  readonly formBody?: true;
  /** The answer is this content type instead of JSON. */
  readonly produces?: 'text/csv' | 'text/calendar' | 'application/samlmetadata+xml';
  /** A second success status the route may answer with (an empty 200). */
  readonly alsoStatus?: 200;
}

export interface RouteRef extends RouteFlags {
  readonly group: string;
  readonly name: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly status: SuccessStatus;
}

/** Names of the `:name` placeholders of a path. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type RouteSpec = readonly [HttpMethod, string, SuccessStatus, RouteFlags?];
type Defined<G extends string, N extends string, S extends RouteSpec> = {
  readonly group: G;
  readonly name: N;
  readonly method: S[0];
  readonly path: S[1];
  readonly status: S[2];
} & (S[3] extends RouteFlags ? S[3] : unknown);

function defineRoutes<const T extends Record<string, Record<string, RouteSpec>>>(
  table: T,
): { readonly [G in keyof T & string]: { readonly [N in keyof T[G] & string]: Defined<G, N, T[G][N]> } } {
  const out: Record<string, Record<string, RouteRef>> = {};
  for (const [group, specs] of Object.entries(table)) {
    out[group] = {};
    for (const [name, [method, path, status, flags]] of Object.entries(specs))
      out[group][name] = { group, name, method, path, status, ...flags };
  }
  return out as never;
}

export const routes = defineRoutes({
  health: {
    check: ['GET', '/healthcheck', 200, { public: true }],
    updateCheck: ['GET', '/uc/', 200],
  },
  auth: {
    preflight: ['POST', '/auth/preflight', 200, { public: true }],
    singleOrg: ['GET', '/auth/singleorg', 200, { public: true }],
    orgByDomain: ['GET', '/auth/org/:domain', 200, { public: true }],
    login: ['POST', '/auth/login', 200, { public: true }],
    updatePassword: ['POST', '/auth/updatepw', 200, { public: true }],
    refresh: ['POST', '/auth/refresh', 200, { public: true }],
    logout: ['GET', '/auth/logout/:where', 204, { public: true, withSession: true }],
    initPasswordReset: ['POST', '/auth/initpwreset', 204, { public: true }],
    passwordResetLink: ['GET', '/auth/pwreset/:id', 200, { public: true }],
    resetPassword: ['POST', '/auth/pwreset/:id', 204, { public: true }],
    checkInvitation: ['GET', '/auth/setpw/:id', 204, { public: true }],
    invitationLink: ['GET', '/auth/invitation/:id', 200, { public: true }],
    acceptInvitation: ['POST', '/auth/setpw/:id', 204, { public: true }],
    providerLogin: ['GET', '/auth/:providerId/login/:type/', 307, { public: true }],
    providerCallback: ['GET', '/auth/:providerId/callback', 307, { public: true }],
    samlResponse: ['POST', '/auth/:providerId/callback', 303, { public: true, formBody: true }],
    samlMetadata: [
      'GET',
      '/auth/:providerId/saml/metadata',
      200,
      {
        public: true,
        produces: 'application/samlmetadata+xml',
      },
    ],
    verify: ['GET', '/auth/verify/:id', 200, { public: true }],
    verifySecondFactor: ['POST', '/auth/verify/:id', 200, { public: true }],
  },
  user: {
    me: ['GET', '/user/me', 200],
    sessions: ['GET', '/user/session', 200],
    count: ['GET', '/user/count', 200],
    list: ['GET', '/user/', 200],
    create: ['POST', '/user/', 201],
    groups: ['GET', '/user/:id/group', 200],
    byEmail: ['GET', '/user/byEmail/:email', 200],
    mergeRequests: ['GET', '/user/merge', 200],
    get: ['GET', '/user/:id', 200],
    update: ['PUT', '/user/:id', 204],
    delete: ['DELETE', '/user/:id', 204],
    setPassword: ['PUT', '/user/:id/password', 204],
    sendInvitation: ['POST', '/user/:id/invitation', 204],
    mergeInit: ['POST', '/user/merge/init', 204],
    mergeFinish: ['POST', '/user/merge/finish/:id', 204],
    mergeDecline: ['DELETE', '/user/merge/:id', 204],
  },
  organization: {
    list: ['GET', '/organization/', 200],
    create: ['POST', '/organization/', 201],
    byDomain: ['GET', '/organization/domain/:domain', 200, { public: true }],
    get: ['GET', '/organization/:id', 200],
    update: ['PUT', '/organization/:id', 200],
    delete: ['DELETE', '/organization/:id', 200],
    domains: ['GET', '/organization/:id/domain/', 200],
    addDomain: ['POST', '/organization/:id/domain/:domain', 201],
    removeDomain: ['DELETE', '/organization/:id/domain/:domain', 204],
    setPrimaryDomain: ['POST', '/organization/:id/domain/:domain/primary', 204],
    verifyDomain: ['POST', '/organization/:id/domain/:domain/verify', 204, { alsoStatus: 200 }],
    domainReachability: ['GET', '/organization/domain/verify/:domain', 200, { public: true }],
    verifyEmail: ['POST', '/organization/:id/verifyemail/:uuid', 204],
    confirmDeletion: ['POST', '/organization/deleteorg/:id', 204, { public: true }],
  },
  setting: {
    list: ['GET', '/setting/', 200],
    saveAll: ['PUT', '/setting/', 204],
    timezones: ['GET', '/setting/timezones', 200],
    get: ['GET', '/setting/:name', 200],
    set: ['PUT', '/setting/:name', 204],
  },
  preference: {
    list: ['GET', '/preference/', 200],
    saveAll: ['PUT', '/preference/', 204],
    get: ['GET', '/preference/:name', 200],
    set: ['PUT', '/preference/:name', 204],
    caldavCalendars: ['POST', '/preference/caldav/listCalendars', 200],
  },
  calendar: {
    caldavStatus: ['GET', '/preference/caldav/connection', 200],
    caldavConnect: ['PUT', '/preference/caldav/connection', 204],
    caldavTest: ['POST', '/preference/caldav/connection/test', 204],
    caldavDisconnect: ['DELETE', '/preference/caldav/connection', 200],
    feed: ['GET', '/preference/calendar-feed', 200],
    resetFeed: ['POST', '/preference/calendar-feed', 200],
    deleteFeed: ['DELETE', '/preference/calendar-feed', 204],
    feedFile: ['GET', '/calendar-feed/:token', 200, { public: true, produces: 'text/calendar' }],
  },
  wiki: {
    signIn: ['GET', '/confluence/:orgId/:jwt', 307, { public: true }],
  },

  group: {
    list: ['GET', '/group/', 200],
    create: ['POST', '/group/', 201],
    get: ['GET', '/group/:id', 200],
    update: ['PUT', '/group/:id', 204],
    delete: ['DELETE', '/group/:id', 204],
    members: ['GET', '/group/:id/member', 200],
    addMembers: ['PUT', '/group/:id/member', 204],
    removeMembers: ['POST', '/group/:id/member/remove', 204],
  },
  spaceAttribute: {
    list: ['GET', '/space-attribute/', 200],
    create: ['POST', '/space-attribute/', 201],
    get: ['GET', '/space-attribute/:id', 200],
    update: ['PUT', '/space-attribute/:id', 204],
    delete: ['DELETE', '/space-attribute/:id', 204],
  },
  location: {
    list: ['GET', '/location/', 200],
    create: ['POST', '/location/', 201],
    search: ['POST', '/location/search', 200],
    loadSampleData: ['POST', '/location/loadsampledata', 200],
    get: ['GET', '/location/:id', 200],
    update: ['PUT', '/location/:id', 204],
    delete: ['DELETE', '/location/:id', 204],
    map: ['GET', '/location/:id/map', 200],
    uploadMap: ['POST', '/location/:id/map', 204, { rawBody: true }],
    attributes: ['GET', '/location/:id/attribute', 200],
    setAttribute: ['POST', '/location/:id/attribute/:attributeId', 204],
    removeAttribute: ['DELETE', '/location/:id/attribute/:attributeId', 204],
    floorplanDesign: ['GET', '/location/:id/floorplan-design', 200],
    saveFloorplanDesign: ['POST', '/location/:id/floorplan-design', 204],
  },
  space: {
    list: ['GET', '/location/:locationId/space/', 200],
    create: ['POST', '/location/:locationId/space/', 201],
    availability: ['GET', '/location/:locationId/space/availability', 200],
    bulk: ['POST', '/location/:locationId/space/bulk', 200],
    get: ['GET', '/location/:locationId/space/:id', 200],
    update: ['PUT', '/location/:locationId/space/:id', 204],
    delete: ['DELETE', '/location/:locationId/space/:id', 204],
    spaceAvailability: ['GET', '/location/:locationId/space/:id/availability', 200],
    approvers: ['GET', '/location/:locationId/space/:id/approver', 200],
    addApprovers: ['PUT', '/location/:locationId/space/:id/approver', 204],
    removeApprovers: ['POST', '/location/:locationId/space/:id/approver/remove', 204],
    allowedBookers: ['GET', '/location/:locationId/space/:id/allowedbooker', 200],
    addAllowedBookers: ['PUT', '/location/:locationId/space/:id/allowedbooker', 204],
    removeAllowedBookers: ['POST', '/location/:locationId/space/:id/allowedbooker/remove', 204],
    checkInTokens: ['GET', '/location/:locationId/space/checkin-tokens', 200],
    checkInToken: ['GET', '/location/:locationId/space/:id/checkin-token', 200],
    rotateCheckInToken: ['POST', '/location/:locationId/space/:id/checkin-token', 200],
  },
  booking: {
    list: ['GET', '/booking/', 200],
    create: ['POST', '/booking/', 201],
    precheck: ['POST', '/booking/precheck/', 204],
    filter: ['GET', '/booking/filter/', 200],
    export: ['GET', '/booking/export/', 200, { produces: 'text/csv' }],
    current: ['GET', '/booking/current/', 200],
    pendingApprovals: ['GET', '/booking/pendingapprovals/', 200],
    pendingApprovalsCount: ['GET', '/booking/pendingapprovals/count', 200],
    presence: ['GET', '/booking/report/presence/', 200],
    history: ['GET', '/booking/history/', 200],
    get: ['GET', '/booking/:id', 200],
    update: ['PUT', '/booking/:id', 204],
    delete: ['DELETE', '/booking/:id', 204],
    approve: ['POST', '/booking/:id/approve', 204],
    checkIn: ['POST', '/booking/:id/checkin', 204],
    checkOut: ['POST', '/booking/:id/checkout', 204],
    ical: ['GET', '/booking/:id/ical', 200, { produces: 'text/calendar' }],
  },
  recurringBooking: {
    precheck: ['POST', '/recurring-booking/precheck', 200],
    create: ['POST', '/recurring-booking/', 201],
    get: ['GET', '/recurring-booking/:id', 200],
    delete: ['DELETE', '/recurring-booking/:id', 204],
    ical: ['GET', '/recurring-booking/:id/ical', 200, { produces: 'text/calendar' }],
  },
  buddy: {
    list: ['GET', '/buddy/', 200],
    create: ['POST', '/buddy/', 201],
    /** The same as `create`: existing clients send PUT. */
    save: ['PUT', '/buddy/', 201],
    delete: ['DELETE', '/buddy/:id', 204],
    search: ['GET', '/buddy/search', 200],
  },
  checkIn: {
    due: ['GET', '/checkin/', 200],
    /** The "Check in" and "I won't come" links of a check-in reminder mail. */
    link: ['POST', '/checkin/link/:id', 200, { public: true }],
  },
  presence: {
    checkIn: ['POST', '/presence/checkin', 200],
  },
  stats: {
    summary: ['GET', '/stats/', 200],
    load: ['GET', '/stats/load', 200],
    weekday: ['GET', '/stats/weekday', 200],
    checkIn: ['GET', '/stats/checkin', 200],
    checkInDays: ['GET', '/stats/checkin/days', 200],
    checkInDaysCsv: ['GET', '/stats/checkin/days.csv', 200, { produces: 'text/csv' }],
  },
  search: {
    find: ['GET', '/search/', 200],
  },
  authAttempt: {
    list: ['GET', '/auth-attempt/', 200],
  },
  mailOutbox: {
    list: ['GET', '/mail-outbox/', 200],
    retry: ['POST', '/mail-outbox/:id/retry', 204],
  },
  // Company sign-in: sign-in providers, second factors (passkeys, TOTP) and API tokens.
  authProvider: {
    list: ['GET', '/auth-provider/', 200],
    create: ['POST', '/auth-provider/', 201],
    byOrganization: ['GET', '/auth-provider/org/:orgId', 200, { public: true }],
    get: ['GET', '/auth-provider/:id', 200],
    update: ['PUT', '/auth-provider/:id', 204],
    delete: ['DELETE', '/auth-provider/:id', 204],
    testResult: ['GET', '/auth-provider/:id/test/:stateId', 200],
    link: ['POST', '/auth-provider/:id/link', 200],
  },
  passkey: {
    list: ['GET', '/user/passkey/', 200],
    registrationBegin: ['POST', '/user/passkey/registration/begin', 200],
    registrationFinish: ['POST', '/user/passkey/registration/finish', 200],
    rename: ['PUT', '/user/passkey/:id', 204],
    delete: ['DELETE', '/user/passkey/:id', 204],
    resetForUser: ['DELETE', '/user/:id/passkeys', 204],
    loginBegin: ['POST', '/auth/passkey/login/begin', 200, { public: true }],
    loginFinish: ['POST', '/auth/passkey/login/finish', 200, { public: true }],
  },
  totp: {
    generate: ['GET', '/user/totp/generate', 200],
    secret: ['GET', '/user/totp/:id/secret', 200],
    validate: ['POST', '/user/totp/validate', 204],
    disable: ['POST', '/user/totp/disable', 204],
    resetForUser: ['DELETE', '/user/:id/totp', 204],
    // Perch addition: single-use recovery codes for when the authenticator app is lost.
    recoveryCodeCount: ['GET', '/user/totp/recovery-codes', 200],
    newRecoveryCodes: ['POST', '/user/totp/recovery-codes', 200],
  },
  apiToken: {
    get: ['GET', '/user/:id/api-token', 200],
    create: ['POST', '/user/:id/api-token', 200],
    delete: ['DELETE', '/user/:id/api-token', 204],
  },
  // Not planned: their handlers (features/unavailable/) answer as the reference does with the
  // feature off (docs/compatibility.md, "Running the Seatsurfing web UI against Perch").
  kiosk: {
    status: ['GET', '/kiosk/:spaceId/status', 200, { public: true }],
  },
  feedback: {
    send: ['POST', '/feedback/', 204],
  },
  cloud: {
    confirmSignup: ['POST', '/cloud-features/signup/confirm/:id', 204],
  },
});

export type Routes = typeof routes;

/** Every route, flat. */
export const ALL_ROUTES: readonly RouteRef[] = Object.values(routes).flatMap(
  (group) => Object.values(group) as RouteRef[],
);

/** Fills `:name` placeholders of a route path, URL-encoding each value. */
export function path(template: string, params: Record<string, string> = {}): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    return encodeURIComponent(v);
  });
}
