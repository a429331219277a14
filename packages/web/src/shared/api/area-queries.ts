import type { Location } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { sharedKeys } from './query-keys';
import { useApiQuery } from './use-api-query';

/** Areas people can book in, by name (disabled ones are hidden). */
export function useBookableAreas() {
  return useApiQuery(sharedKeys.areas, (client) => client.call(routes.location.list), {
    select: (areas) => areas.filter((a) => a.enabled),
    staleTime: 5 * 60_000,
  });
}

/**
 * An area's floor-plan image (base64); `null` when the area has none. The booking page and the
 * area editor share it, so a new plan saved by an admin shows everywhere.
 */
export function useAreaMap(area: Location | undefined) {
  const id = area?.id ?? '';
  return useApiQuery(
    sharedKeys.areaMap(id),
    async (client) => {
      const map = await client.call(routes.location.map, { params: { id } });
      return map.data ? map : null;
    },
    {
      enabled: Boolean(area && area.mapWidth > 0),
      staleTime: Infinity,
      gcTime: 30 * 60_000,
    },
  );
}
