/**
 * API route paths. Path parameters use the `:name` form; `path()` fills them in.
 * List and create routes end in `/`, item routes do not (reference §0).
 */
export const Routes = {
  healthcheck: '/healthcheck',
  auth: {
    preflight: '/auth/preflight',
    singleOrg: '/auth/singleorg',
    orgByDomain: '/auth/org/:domain',
    login: '/auth/login',
    refresh: '/auth/refresh',
    logout: '/auth/logout/:where',
  },
  user: {
    list: '/user/',
    item: '/user/:id',
    me: '/user/me',
    session: '/user/session',
    count: '/user/count',
    byEmail: '/user/byEmail/:email',
    groups: '/user/:id/group',
    password: '/user/:id/password',
    merge: '/user/merge',
    mergeInit: '/user/merge/init',
    mergeFinish: '/user/merge/finish/:id',
  },
  organization: {
    list: '/organization/',
    item: '/organization/:id',
    byDomain: '/organization/domain/:domain',
    domains: '/organization/:id/domain/',
    domain: '/organization/:id/domain/:domain',
    domainPrimary: '/organization/:id/domain/:domain/primary',
    domainVerify: '/organization/:id/domain/:domain/verify',
  },
  authProvider: {
    list: '/auth-provider/',
    item: '/auth-provider/:id',
    byOrg: '/auth-provider/org/:id',
  },
  setting: { list: '/setting/', item: '/setting/:name', timezones: '/setting/timezones' },
  preference: { list: '/preference/', item: '/preference/:name' },
  location: {
    list: '/location/',
    item: '/location/:id',
    map: '/location/:id/map',
    attributes: '/location/:id/attribute',
    attribute: '/location/:id/attribute/:attributeId',
    search: '/location/search',
    loadSampleData: '/location/loadsampledata',
  },
  space: {
    list: '/location/:locationId/space/',
    item: '/location/:locationId/space/:id',
    availability: '/location/:locationId/space/availability',
    bulk: '/location/:locationId/space/bulk',
    approver: '/location/:locationId/space/:id/approver',
    approverRemove: '/location/:locationId/space/:id/approver/remove',
    allowedBooker: '/location/:locationId/space/:id/allowedbooker',
    allowedBookerRemove: '/location/:locationId/space/:id/allowedbooker/remove',
  },
  booking: {
    list: '/booking/',
    item: '/booking/:id',
    approve: '/booking/:id/approve',
    pendingApprovals: '/booking/pendingapprovals/',
    pendingApprovalsCount: '/booking/pendingapprovals/count',
    filter: '/booking/filter/',
    export: '/booking/export/',
    current: '/booking/current/',
    precheck: '/booking/precheck/',
  },
  recurringBooking: {
    list: '/recurring-booking/',
    item: '/recurring-booking/:id',
    precheck: '/recurring-booking/precheck',
  },
  buddy: { list: '/buddy/', item: '/buddy/:id', search: '/buddy/search' },
  group: {
    list: '/group/',
    item: '/group/:id',
    members: '/group/:id/member',
    membersRemove: '/group/:id/member/remove',
  },
  spaceAttribute: { list: '/space-attribute/', item: '/space-attribute/:id' },
  stats: { summary: '/stats/', load: '/stats/load', weekday: '/stats/weekday' },
  search: '/search/',
} as const;

/** Fills `:name` placeholders of a route path, URL-encoding each value. */
export function path(template: string, params: Record<string, string> = {}): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    return encodeURIComponent(v);
  });
}
