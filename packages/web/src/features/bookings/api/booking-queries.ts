import { routes } from '@perch/contract/values';
import { useMutation } from '@tanstack/react-query';
import { refreshBookings } from '../../../shared/api/booking-queries';
import { useApiClient } from '../../../shared/api/use-api-client';
import { useApiMutation } from '../../../shared/api/use-api-mutation';

export function useCancelBooking() {
  return useApiMutation(
    (client, id: string) => client.call(routes.booking.delete, { params: { id } }),
    (queryClient) => refreshBookings(queryClient),
  );
}

/** Deletes the future occurrences of a series; past ones stay. */
export function useCancelSeries() {
  return useApiMutation(
    (client, id: string) => client.call(routes.recurringBooking.delete, { params: { id } }),
    (queryClient) => refreshBookings(queryClient),
  );
}

/** Cancels several bookings one after the other; answers which ones failed and why. */
export function useCancelBookings() {
  return useApiMutation(
    async (client, ids: readonly string[]) => {
      const failures: { id: string; error: unknown }[] = [];
      for (const id of ids) {
        try {
          await client.call(routes.booking.delete, { params: { id } });
        } catch (error) {
          failures.push({ id, error });
        }
      }
      return failures;
    },
    (queryClient) => refreshBookings(queryClient),
  );
}

/** Which calendar file: one booking, or every remaining occurrence of its series. */
export type IcalScope = 'booking' | 'series';

/**
 * Fetches a booking's (or its series') iCalendar file through the signed-in client and answers
 * its text and the file name the server gave it (`Content-Disposition`), if any.
 */
export function useIcalFile() {
  const client = useApiClient();
  return useMutation({
    mutationFn: async ({ scope, id }: { scope: IcalScope; id: string }) => {
      const route = scope === 'series' ? routes.recurringBooking.ical : routes.booking.ical;
      const res = await client.callResponse(route, { params: { id } });
      return { text: res.data, contentDisposition: res.headers.get('content-disposition') };
    },
  });
}
