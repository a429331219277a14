import { routes } from '@perch/contract/values';
import { type QueryClient } from '@tanstack/react-query';
import { sharedKeys } from './query-keys';
import { useApiQuery } from './use-api-query';

/** The user's bookings that have not ended yet (the API keeps no history). */
export function useMyBookings() {
  return useApiQuery(sharedKeys.myBookings, (client) => client.call(routes.booking.list));
}

/** After a booking changed: every availability, the user's own list and the buddies' next bookings are out of date. */
export function refreshBookings(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: sharedKeys.myBookings }),
    queryClient.invalidateQueries({ queryKey: sharedKeys.availability }),
    queryClient.invalidateQueries({ queryKey: sharedKeys.buddies }),
  ]);
}
