import { routes } from '@perch/contract/values';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshBookings } from '../../../shared/api/booking-queries';
import { useApiClient } from '../../../shared/api/use-api-client';
import { approvalKeys } from './query-keys';

export function usePendingApprovals(enabled = true) {
  const client = useApiClient();
  return useQuery({
    queryKey: approvalKeys.pending,
    queryFn: () => client.call(routes.booking.pendingApprovals),
    enabled,
    refetchOnWindowFocus: true,
  });
}

const MINUTE_MS = 60_000;

/** The number of bookings waiting for this approver; polled every minute and on focus. */
export function usePendingApprovalsCount(enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: approvalKeys.count,
    queryFn: async () => (await client.call(routes.booking.pendingApprovalsCount)).count,
    enabled,
    refetchInterval: MINUTE_MS,
    refetchOnWindowFocus: true,
    staleTime: MINUTE_MS / 2,
    retry: false,
  });
}

export function useAnswerApproval() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approved }: { id: string; approved: boolean }) =>
      client.call(routes.booking.approve, { params: { id }, body: { approved } }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: approvalKeys.pending }), refreshBookings(queryClient)]),
  });
}
