import { routes } from '@perch/contract/values';
import { useQuery } from '@tanstack/react-query';
import { sharedKeys } from './query-keys';
import { useApiClient } from './use-api-client';

/** Areas people can book in, by name (disabled ones are hidden). */
export function useBookableAreas() {
  const client = useApiClient();
  return useQuery({
    queryKey: sharedKeys.areas,
    queryFn: () => client.call(routes.location.list),
    select: (areas) => areas.filter((a) => a.enabled),
    staleTime: 5 * 60_000,
  });
}
