import { path, Routes } from '@perch/contract';
import type { Buddy } from '@perch/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bookingKeys } from '../bookings/api/booking-query-keys';
import { useApi } from '../bookings/api/use-api';

export interface BuddyCandidate {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
}

/** The shortest query the server searches for (reference §2.10). */
export const BUDDY_SEARCH_MIN = 3;

export function useBuddies() {
  const client = useApi();
  return useQuery({ queryKey: bookingKeys.buddies, queryFn: () => client.get<Buddy[]>(Routes.buddy.list) });
}

export function useBuddySearch(query: string) {
  const client = useApi();
  const q = query.trim();
  return useQuery({
    queryKey: bookingKeys.buddySearch(q),
    queryFn: () => client.get<BuddyCandidate[]>(Routes.buddy.search, { q }),
    enabled: q.length >= BUDDY_SEARCH_MIN,
    staleTime: 30_000,
  });
}

export function useAddBuddy() {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (buddyId: string) => client.post(Routes.buddy.list, { buddyId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.buddies }),
  });
}

export function useRemoveBuddy() {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.delete(path(Routes.buddy.item, { id })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.buddies }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.availabilityAll }),
      ]),
  });
}
