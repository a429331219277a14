import { routes } from '@perch/contract/values';
import { useInfiniteQuery } from '@tanstack/react-query';
import { refreshBookings } from '../../../shared/api/booking-queries';
import { useApiClient } from '../../../shared/api/use-api-client';
import { approvalKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';

/** Bookings waiting for approval are read a page at a time: an organisation may have thousands. */
export const APPROVALS_PAGE_SIZE = 50;

export function usePendingApprovals(enabled = true) {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: approvalKeys.pending,
    queryFn: ({ pageParam }) =>
      client.call(routes.booking.pendingApprovals, { query: { limit: APPROVALS_PAGE_SIZE, offset: pageParam } }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length < APPROVALS_PAGE_SIZE ? undefined : pages.length * APPROVALS_PAGE_SIZE,
    enabled,
    refetchOnWindowFocus: true,
  });
}

const MINUTE_MS = 60_000;

/** The number of bookings waiting for this approver; polled every minute and on focus. */
export function usePendingApprovalsCount(enabled: boolean) {
  return useApiQuery(
    approvalKeys.count,
    async (client) => (await client.call(routes.booking.pendingApprovalsCount)).count,
    {
      enabled,
      refetchInterval: MINUTE_MS,
      refetchOnWindowFocus: true,
      staleTime: MINUTE_MS / 2,
      retry: false,
    },
  );
}

export function useAnswerApproval() {
  return useApiMutation(
    (client, { id, approved }: { id: string; approved: boolean }) =>
      client.call(routes.booking.approve, { params: { id }, body: { approved } }),
    (queryClient) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: approvalKeys.pending }), refreshBookings(queryClient)]),
  );
}
