import type { BookingStateFilter } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { keepPreviousData } from '@tanstack/react-query';
import { refreshBookings } from '../../../shared/api/booking-queries';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';

/** What the organisation's booking list is filtered by: a window of days, an area, a person. */
export interface BookingFilter {
  /** `YYYY-MM-DD`, both days included. */
  from: string;
  to: string;
  /** An area id, or '' for all. */
  area: string;
  /** A person's email, or '' for everyone. */
  user: string;
  /** The check-in state, or '' for all. */
  state: '' | BookingStateFilter;
}

/** Every query of the admin booking list. */
export const adminBookingKeys = {
  all: ['admin', 'bookings'] as const,
  list: (f: BookingFilter) => ['admin', 'bookings', 'list', f.from, f.to, f.area, f.user, f.state] as const,
};

/**
 * The query of `GET /booking/filter/` and its CSV twin: bookings lying fully inside the days,
 * on the wall clock of each booking's area.
 */
export function filterQuery(f: BookingFilter) {
  return {
    start: `${f.from}T00:00:00Z`,
    end: `${f.to}T23:59:59Z`,
    ...(f.user ? { user: f.user } : {}),
    ...(f.area ? { location: f.area } : {}),
    ...(f.state ? { state: f.state } : {}),
  };
}

/** The organisation's bookings of the filter, ordered by start (the API answers them unpaged). */
export function useOrganisationBookings(filter: BookingFilter, enabled: boolean) {
  return useApiQuery(
    adminBookingKeys.list(filter),
    (client) => client.call(routes.booking.filter, { query: filterQuery(filter) }),
    {
      enabled,
      placeholderData: keepPreviousData,
    },
  );
}

/** Cancels anyone's booking, with a reason for the person's cancellation mail. */
export function useAdminCancelBooking() {
  return useApiMutation(
    (client, { id, reason }: { id: string; reason: string }) =>
      client.call(routes.booking.delete, {
        params: { id },
        ...(reason.trim() ? { query: { reason: reason.trim() } } : {}),
      }),
    (queryClient) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }), refreshBookings(queryClient)]),
  );
}
