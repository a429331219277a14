import { sharedKeys } from '../../../shared/api/query-keys';

/**
 * TanStack Query keys of the search page. Availabilities sit under the shared prefix, so any
 * booking change (here, in my bookings, in approvals) refreshes them.
 */
export const searchKeys = {
  availability: (areaId: string, enter: string, leave: string, filters: string) =>
    [...sharedKeys.availability, areaId, enter, leave, filters] as const,
  precheck: (areaId: string, enter: string, leave: string) => ['booking', 'precheck', areaId, enter, leave] as const,
  recurringPrecheck: (body: string) => ['booking', 'recurring-precheck', body] as const,
  spaceAttributes: ['space-attributes'] as const,
  people: (q: string) => ['search', 'people', q] as const,
};
