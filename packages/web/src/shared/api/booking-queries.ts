import { routes } from '@perch/contract/values';
import { type QueryClient } from '@tanstack/react-query';
import { sharedKeys } from './query-keys';
import { useApiQuery } from './use-api-query';

/** The user's bookings that have not ended yet. */
export function useMyBookings() {
  return useApiQuery(sharedKeys.myBookings, (client) => client.call(routes.booking.list));
}

/**
 * The user's bookings that ended in the last 30 days, the latest first, once `enabled`. Under
 * the own bookings' key, so a booking that changed or ended refreshes it too.
 */
export function usePastBookings(enabled: boolean) {
  return useApiQuery([...sharedKeys.myBookings, 'history'], (client) => client.call(routes.booking.history), {
    enabled,
  });
}

/** After a booking changed: every availability, the user's own list and the buddies' next bookings are out of date. */
export function refreshBookings(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sharedKeys.myBookings }),
    queryClient.invalidateQueries({ queryKey: sharedKeys.availability }),
    queryClient.invalidateQueries({ queryKey: sharedKeys.buddies }),
  ]);
}
