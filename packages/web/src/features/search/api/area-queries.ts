import type { SearchAttribute } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { keepPreviousData } from '@tanstack/react-query';
import { searchKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';

export interface AvailabilityRequest {
  areaId: string;
  enter: string;
  leave: string;
  filters: readonly SearchAttribute[];
}

/** Every space of the area with its state in the window; the previous answer stays while a new one loads. */
export function useAvailability(request: AvailabilityRequest | null) {
  const filters = request && request.filters.length > 0 ? JSON.stringify(request.filters) : '';
  return useApiQuery(
    searchKeys.availability(request?.areaId ?? '', request?.enter ?? '', request?.leave ?? '', filters),
    (client) =>
      client.call(routes.space.availability, {
        params: { locationId: request?.areaId ?? '' },
        query: { enter: request?.enter, leave: request?.leave, attributes: filters || undefined },
      }),
    {
      enabled: request !== null,
      placeholderData: keepPreviousData,
      refetchOnWindowFocus: true,
    },
  );
}
