import type { PerchClient } from '@perch/client';
import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useApiClient } from './use-api-client';

/**
 * A query that reads the API through the signed-in client:
 * `useApiQuery(keys.groups, (client) => client.call(routes.group.list), { staleTime })`.
 */
export function useApiQuery<TQueryFnData, TData = TQueryFnData>(
  queryKey: QueryKey,
  fetch: (client: PerchClient) => TQueryFnData | Promise<TQueryFnData>,
  options?: Omit<UseQueryOptions<TQueryFnData, Error, TData>, 'queryKey' | 'queryFn'>,
): UseQueryResult<TData, Error> {
  const client = useApiClient();
  return useQuery({ ...options, queryKey, queryFn: () => fetch(client) });
}
