import { routes, TEXT_MAX } from '@perch/contract/values';
import { keepPreviousData } from '@tanstack/react-query';
import { adminKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';

/** The server refuses longer queries (400). */
export const SEARCH_QUERY_MAX = TEXT_MAX.searchQuery;

/** Searches the categories this admin can open; `people` (users and groups) is for organisation admins. */
export function useAdminSearch(query: string, people: boolean) {
  const q = query.trim().slice(0, SEARCH_QUERY_MAX);
  const flag = (on: boolean) => (on ? '1' : '0');
  return useApiQuery(
    adminKeys.search(q, people),
    (client) =>
      client.call(routes.search.find, {
        query: {
          query: q,
          includeUsers: flag(people),
          includeGroups: flag(people),
          includeLocations: '1',
          includeSpaces: '1',
          expandLocations: '1',
        },
      }),
    {
      enabled: q.length > 0,
      placeholderData: keepPreviousData,
      staleTime: 10_000,
    },
  );
}
