import { routes } from '@perch/contract/values';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../shared/api/query-keys';
import { useApiClient } from '../../../shared/api/use-api-client';
import { buddyKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';

/** The shortest query the server searches for; a shorter one finds nobody. */
export const BUDDY_SEARCH_MIN = 3;

export function useBuddies() {
  return useApiQuery(buddyKeys.all, (client) => client.call(routes.buddy.list));
}

export function useBuddySearch(query: string) {
  const q = query.trim();
  return useApiQuery(buddyKeys.search(q), (client) => client.call(routes.buddy.search, { query: { q } }), {
    enabled: q.length >= BUDDY_SEARCH_MIN,
    staleTime: 30_000,
  });
}

export function useAddBuddy() {
  return useApiMutation(
    (client, buddyId: string) => client.call(routes.buddy.create, { body: { buddyId } }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: buddyKeys.all }),
  );
}

export function useRemoveBuddy() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.call(routes.buddy.delete, { params: { id } }),
    // Buddies' bookings show differently in the search.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: buddyKeys.all }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.availability }),
      ]),
  });
}
