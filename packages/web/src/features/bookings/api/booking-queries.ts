import { routes } from '@perch/contract/values';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshBookings } from '../../../shared/api/booking-queries';
import { useApiClient } from '../../../shared/api/use-api-client';

export function useCancelBooking() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.call(routes.booking.delete, { params: { id } }),
    onSettled: () => refreshBookings(queryClient),
  });
}

/** Deletes the future occurrences of a series; past ones stay. */
export function useCancelSeries() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.call(routes.recurringBooking.delete, { params: { id } }),
    onSettled: () => refreshBookings(queryClient),
  });
}

/** Cancels several bookings one after the other; answers which ones failed and why. */
export function useCancelBookings() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
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
    onSettled: () => refreshBookings(queryClient),
  });
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
