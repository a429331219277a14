import { isServiceAccount, routes } from '@perch/contract/values';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/use-api-client';
import { searchKeys } from './query-keys';

const PEOPLE_LIMIT = 20;

/**
 * People of the organisation matching a name or email (space admins booking for someone else);
 * service accounts cannot sit at a desk, so they are left out.
 */
export function usePeopleSearch(query: string) {
  const client = useApiClient();
  const q = query.trim();
  return useQuery({
    queryKey: searchKeys.people(q),
    queryFn: async () =>
      (await client.call(routes.user.list, { query: { q, limit: PEOPLE_LIMIT } })).filter(
        (u) => !isServiceAccount(u.role),
      ),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
