import type { CaldavConnect, CaldavStatus } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/use-api-client';
import { preferenceKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';

/** While bookings wait to be written to the calendar, the status is asked for this often. */
const CALDAV_POLL_MS = 10_000;

/** How often to ask again: while something waits, every few seconds; otherwise not. */
export const caldavRefetchInterval = (status: CaldavStatus | undefined): number | false =>
  status?.connected && status.pending > 0 ? CALDAV_POLL_MS : false;

/** The CalDAV connection and its sync state; fresh on every visit, polled while bookings wait. */
export function useCaldavStatus() {
  return useApiQuery(preferenceKeys.caldav, (client) => client.call(routes.calendar.caldavStatus), {
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => caldavRefetchInterval(query.state.data),
  });
}

/** The calendars of a CalDAV account (any failure is a 404). */
export function useFindCalendars() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: { url: string; username: string; password: string }) =>
      client.call(routes.preference.caldavCalendars, { body }),
  });
}

export function useConnectCaldav() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CaldavConnect) => client.call(routes.calendar.caldavConnect, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: preferenceKeys.caldav }),
  });
}

export function useTestCaldav() {
  return useApiMutation(
    (client) => client.call(routes.calendar.caldavTest),
    (queryClient) => queryClient.invalidateQueries({ queryKey: preferenceKeys.caldav }),
  );
}

/** Disconnects; with `removeEvents` the server first removes the events Perch wrote. */
export function useDisconnectCaldav() {
  return useApiMutation(
    (client, removeEvents: boolean) =>
      client.call(routes.calendar.caldavDisconnect, { query: removeEvents ? { removeEvents: '1' } : {} }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: preferenceKeys.caldav }),
  );
}

export function useCalendarFeed() {
  return useApiQuery(preferenceKeys.calendarFeed, (client) => client.call(routes.calendar.feed), {
    staleTime: 0,
  });
}

/** Creates the feed, or gives it a new address (the old one stops working). */
export function useResetCalendarFeed() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.call(routes.calendar.resetFeed),
    onSuccess: (feed) => queryClient.setQueryData(preferenceKeys.calendarFeed, feed),
  });
}

export function useDeleteCalendarFeed() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.call(routes.calendar.deleteFeed),
    onSuccess: () =>
      queryClient.setQueryData(preferenceKeys.calendarFeed, {
        url: null,
        webcalUrl: null,
        createdAt: null,
        lastPolledAt: null,
      }),
  });
}
