import type { BookingSave, RecurringBookingSave } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { refreshBookings } from '../../../shared/api/booking-queries';
import { searchKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';

/**
 * The server's rules for this window without a space (limits, capacity): `null` when it may be
 * booked, else the refusal. Only asked when the local checks pass.
 */
export function useBookingPrecheck(request: { areaId: string; enter: string; leave: string } | null) {
  return useApiQuery(
    searchKeys.precheck(request?.areaId ?? '', request?.enter ?? '', request?.leave ?? ''),
    async (client): Promise<unknown> => {
      if (!request) return null;
      try {
        await client.call(routes.booking.precheck, {
          body: { locationId: request.areaId, enter: request.enter, leave: request.leave },
        });
        return null;
      } catch (error) {
        return error;
      }
    },
    {
      enabled: request !== null,
      staleTime: 15_000,
    },
  );
}

/** Books one space (for someone else when `userEmail` is set); answers the new booking's id. */
export function useCreateBooking() {
  return useApiMutation(
    async (client, body: BookingSave) => (await client.call(routes.booking.create, { body })).id,
    (queryClient) => refreshBookings(queryClient),
  );
}

/** Books a series; answers the outcome of every occurrence. */
export function useCreateRecurringBooking() {
  return useApiMutation(
    async (client, body: RecurringBookingSave) => (await client.call(routes.recurringBooking.create, { body })).data,
    (queryClient) => refreshBookings(queryClient),
  );
}

/** Checks every occurrence of a series before it is booked; `null` body: nothing to check. */
export function useRecurringPrecheck(body: RecurringBookingSave | null) {
  const key = JSON.stringify(body);
  return useApiQuery(
    searchKeys.recurringPrecheck(key),
    (client) => (body ? client.call(routes.recurringBooking.precheck, { body }) : []),
    {
      enabled: body !== null,
      staleTime: 0,
      gcTime: 0,
    },
  );
}

/** Moves a booking to other times (`PUT /booking/{id}`): the server checks the same rules as for a new one. */
export function useUpdateBooking() {
  return useApiMutation(
    (client, { id, body }: { id: string; body: BookingSave }) =>
      client.call(routes.booking.update, { params: { id }, body }),
    (queryClient) => refreshBookings(queryClient),
  );
}

/**
 * Cancels a booking, or the rest of its series (`seriesId`). A `reason` (space admins cancelling
 * someone else's booking) is quoted in the owner's cancellation mail.
 */
export function useCancelBooking() {
  return useApiMutation(
    async (client, { id, seriesId, reason }: { id: string; seriesId?: string; reason?: string }) => {
      if (seriesId) await client.call(routes.recurringBooking.delete, { params: { id: seriesId } });
      else await client.call(routes.booking.delete, { params: { id }, query: { reason: reason || undefined } });
    },
    (queryClient) => refreshBookings(queryClient),
  );
}
