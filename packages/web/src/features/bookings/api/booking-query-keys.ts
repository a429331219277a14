/** TanStack Query keys of the booking side; one place, so a booking refreshes every list it touches. */
export const bookingKeys = {
  all: ['booking'] as const,
  mine: ['booking', 'mine'] as const,
  availabilityAll: ['booking', 'availability'] as const,
  availability: (areaId: string, enter: string, leave: string, filters: string) =>
    ['booking', 'availability', areaId, enter, leave, filters] as const,
  precheck: (areaId: string, enter: string, leave: string) => ['booking', 'precheck', areaId, enter, leave] as const,
  recurringPrecheck: (body: string) => ['booking', 'recurring-precheck', body] as const,
  pendingApprovals: ['booking', 'approvals'] as const,
  pendingApprovalsCount: ['booking', 'approvals', 'count'] as const,
  areas: ['areas'] as const,
  areaMap: (id: string) => ['areas', id, 'map'] as const,
  spaceAttributes: ['space-attributes'] as const,
  buddies: ['buddies'] as const,
  buddySearch: (q: string) => ['buddies', 'search', q] as const,
  sessions: ['user', 'sessions'] as const,
  timezones: ['timezones'] as const,
};
