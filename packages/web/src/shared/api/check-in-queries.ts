import type { Location } from '@perch/contract';
import { routes } from '@perch/contract/values';
import type { ValueMap } from '../../app/session/session-data';
import { useSignedInSession } from '../../app/session/session-context';
import { useBookableAreas } from './area-queries';
import { refreshBookings } from './booking-queries';
import { sharedKeys } from './query-keys';
import { useApiMutation } from './use-api-mutation';
import { useApiQuery } from './use-api-query';

/** Under the user's bookings: refreshing those refreshes this too. */
export const dueCheckInsKey = [...sharedKeys.myBookings, 'checkin'] as const;

/**
 * The user's bookings that wait for a check-in, with their windows. Read again every minute:
 * a window opens, or the job releases a booking, without anyone touching the page.
 */
export function useDueCheckIns() {
  return useApiQuery(dueCheckInsKey, (client) => client.call(routes.checkIn.due), {
    refetchInterval: 60_000,
  });
}

/** Checks in to a booking, with the token of the space's code when it was scanned. */
export function useCheckIn() {
  return useApiMutation(
    (client, { id, token }: { id: string; token?: string }) =>
      client.call(routes.booking.checkIn, { params: { id }, body: token ? { token } : {} }),
    (queryClient) => refreshBookings(queryClient),
  );
}

/** Leaves early: the booking ends now and the rest of its slot is free for others. */
export function useCheckOut() {
  return useApiMutation(
    (client, id: string) => client.call(routes.booking.checkOut, { params: { id } }),
    (queryClient) => refreshBookings(queryClient),
  );
}

/**
 * Whether some level of the check-in policy asks for check-ins: the organisation's setting, or
 * an area's own. Screens about check-in (the reminder switch, the statistics) show only then.
 */
export const usesCheckIn = (settings: ValueMap, areas: readonly Pick<Location, 'checkinMode'>[]): boolean =>
  (settings.checkin_mode ?? '0') !== '0' || areas.some((a) => (a.checkinMode ?? 0) > 0);

/** `usesCheckIn` for the signed-in person's organisation and the areas they can book in. */
export function useCheckInUsed(): boolean {
  const { settings } = useSignedInSession();
  const areas = useBookableAreas();
  return usesCheckIn(settings, areas.data ?? []);
}
