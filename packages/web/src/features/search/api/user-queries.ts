import { isServiceAccount, routes } from '@perch/contract/values';
import { keepPreviousData } from '@tanstack/react-query';
import { searchKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';

const PEOPLE_LIMIT = 20;

/**
 * People of the organisation matching a name or email (space admins booking for someone else);
 * service accounts cannot sit at a desk, so they are left out.
 */
export function usePeopleSearch(query: string) {
  const q = query.trim();
  return useApiQuery(
    searchKeys.people(q),
    async (client) =>
      (await client.call(routes.user.list, { query: { q, limit: PEOPLE_LIMIT } })).filter(
        (u) => !isServiceAccount(u.role),
      ),
    {
      enabled: q.length > 0,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    },
  );
}
