import { path, Routes } from '@perch/contract';
import type { Location, LocationMap, SearchAttribute, SpaceAttribute, SpaceAvailability } from '@perch/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { bookingKeys } from '../../bookings/api/booking-query-keys';
import { useApi } from '../../bookings/api/use-api';

/** Areas people can book in, by name (disabled ones are hidden). */
export function useBookableAreas() {
  const client = useApi();
  return useQuery({
    queryKey: bookingKeys.areas,
    queryFn: () => client.get<Location[]>(Routes.location.list),
    select: (areas) => areas.filter((a) => a.enabled),
    staleTime: 5 * 60_000,
  });
}

/** The floor-plan image as a data URL; `null` when the area has none. */
export function useAreaMap(area: Location | undefined) {
  const client = useApi();
  const id = area?.id ?? '';
  return useQuery({
    queryKey: bookingKeys.areaMap(id),
    queryFn: async () => {
      const map = await client.get<LocationMap>(path(Routes.location.map, { id }));
      return map.data ? map : null;
    },
    enabled: Boolean(area && area.mapWidth > 0),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });
}

export function useSpaceAttributes() {
  const client = useApi();
  return useQuery({
    queryKey: bookingKeys.spaceAttributes,
    queryFn: () => client.get<SpaceAttribute[]>(Routes.spaceAttribute.list),
    staleTime: 5 * 60_000,
  });
}

export interface AvailabilityRequest {
  areaId: string;
  enter: string;
  leave: string;
  filters: readonly SearchAttribute[];
}

/** Every space of the area with its state in the window; the previous answer stays while a new one loads. */
export function useAvailability(request: AvailabilityRequest | null) {
  const client = useApi();
  const filters = request && request.filters.length > 0 ? JSON.stringify(request.filters) : '';
  return useQuery({
    queryKey: bookingKeys.availability(request?.areaId ?? '', request?.enter ?? '', request?.leave ?? '', filters),
    queryFn: () =>
      client.get<SpaceAvailability[]>(path(Routes.space.availability, { locationId: request?.areaId ?? '' }), {
        enter: request?.enter,
        leave: request?.leave,
        attributes: filters || undefined,
      }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}

/**
 * The server's rules for this window without a space (limits, capacity): `null` when it may be
 * booked, else the refusal. Only asked when the local checks pass.
 */
export function useBookingPrecheck(request: { areaId: string; enter: string; leave: string } | null) {
  const client = useApi();
  return useQuery({
    queryKey: bookingKeys.precheck(request?.areaId ?? '', request?.enter ?? '', request?.leave ?? ''),
    queryFn: async (): Promise<unknown> => {
      try {
        await client.post(Routes.booking.precheck, {
          locationId: request?.areaId,
          enter: request?.enter,
          leave: request?.leave,
        });
        return null;
      } catch (error) {
        return error;
      }
    },
    enabled: request !== null,
    staleTime: 15_000,
  });
}
