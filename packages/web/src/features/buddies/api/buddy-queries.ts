import { routes } from '@perch/contract/values';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../shared/api/query-keys';
import { useApiClient } from '../../../shared/api/use-api-client';
import { buddyKeys } from './query-keys';

/** The shortest query the server searches for (reference §2.10). */
export const BUDDY_SEARCH_MIN = 3;

export function useBuddies() {
  const client = useApiClient();
  return useQuery({ queryKey: buddyKeys.all, queryFn: () => client.call(routes.buddy.list) });
}

export function useBuddySearch(query: string) {
  const client = useApiClient();
  const q = query.trim();
  return useQuery({
    queryKey: buddyKeys.search(q),
    queryFn: () => client.call(routes.buddy.search, { query: { q } }),
    enabled: q.length >= BUDDY_SEARCH_MIN,
    staleTime: 30_000,
  });
}

export function useAddBuddy() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (buddyId: string) => client.call(routes.buddy.create, { body: { buddyId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: buddyKeys.all }),
  });
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
