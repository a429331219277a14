import { sharedKeys } from '../../../shared/api/query-keys';

/** TanStack Query keys of the buddies page. */
export const buddyKeys = {
  /** The buddy list (booking changes refresh it too: it shows each buddy's next booking). */
  all: sharedKeys.buddies,
  search: (q: string) => [...sharedKeys.buddies, 'search', q] as const,
};
