import { path, Routes } from '@perch/contract';
import type { Booking, PrecheckResult, RecurringBookingSave } from '@perch/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { bookingKeys } from './booking-query-keys';
import { useApi } from './use-api';

/** The user's bookings that have not ended yet (the API keeps no history). */
export function useMyBookings() {
  const client = useApi();
  return useQuery({ queryKey: bookingKeys.mine, queryFn: () => client.get<Booking[]>(Routes.booking.list) });
}

/** After a booking changed: every availability and the user's own list are out of date. */
function refreshBookings(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: bookingKeys.mine }),
    queryClient.invalidateQueries({ queryKey: bookingKeys.availabilityAll }),
    queryClient.invalidateQueries({ queryKey: bookingKeys.buddies }),
  ]);
}

export interface BookingRequest {
  spaceId: string;
  enter: string;
  leave: string;
  subject: string;
}

export function useCreateBooking() {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BookingRequest) => (await client.post(Routes.booking.list, body)).objectId,
    onSettled: () => refreshBookings(queryClient),
  });
}

export function useCreateRecurringBooking() {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RecurringBookingSave) =>
      (await client.post<PrecheckResult[]>(Routes.recurringBooking.list, body)).data,
    onSettled: () => refreshBookings(queryClient),
  });
}

/** Checks every occurrence of a series before it is booked; `null` body: nothing to check. */
export function useRecurringPrecheck(body: RecurringBookingSave | null) {
  const client = useApi();
  const key = JSON.stringify(body);
  return useQuery({
    queryKey: bookingKeys.recurringPrecheck(key),
    queryFn: async () => (await client.post<PrecheckResult[]>(Routes.recurringBooking.precheck, body)).data,
    enabled: body !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useCancelBooking() {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.delete(path(Routes.booking.item, { id })),
    onSettled: () => refreshBookings(queryClient),
  });
}

/** Deletes the future occurrences of a series; past ones stay. */
export function useCancelSeries() {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.delete(path(Routes.recurringBooking.item, { id })),
    onSettled: () => refreshBookings(queryClient),
  });
}

/** Cancels several bookings one after the other; answers which ones failed and why. */
export function useCancelBookings() {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      const failures: { id: string; error: unknown }[] = [];
      for (const id of ids) {
        try {
          await client.delete(path(Routes.booking.item, { id }));
        } catch (error) {
          failures.push({ id, error });
        }
      }
      return failures;
    },
    onSettled: () => refreshBookings(queryClient),
  });
}

export function usePendingApprovals(enabled = true) {
  const client = useApi();
  return useQuery({
    queryKey: bookingKeys.pendingApprovals,
    queryFn: () => client.get<Booking[]>(Routes.booking.pendingApprovals),
    enabled,
    refetchOnWindowFocus: true,
  });
}

const MINUTE_MS = 60_000;

/** The number of bookings waiting for this approver; polled every minute and on focus. */
export function usePendingApprovalsCount(enabled: boolean) {
  const client = useApi();
  return useQuery({
    queryKey: bookingKeys.pendingApprovalsCount,
    queryFn: async () => (await client.get<{ count: number }>(Routes.booking.pendingApprovalsCount)).count,
    enabled,
    refetchInterval: MINUTE_MS,
    refetchOnWindowFocus: true,
    staleTime: MINUTE_MS / 2,
    retry: false,
  });
}

export function useAnswerApproval() {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approved }: { id: string; approved: boolean }) =>
      client.post(path(Routes.booking.approve, { id }), { approved }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.pendingApprovals }),
        refreshBookings(queryClient),
      ]),
  });
}
