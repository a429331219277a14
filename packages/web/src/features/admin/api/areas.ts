import type { PerchClient } from '@perch/client';
import { path, Routes } from '@perch/contract';
import type { AttributeValue, Location, LocationMap, LocationSave } from '@perch/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin-query-keys';
import { useApiClient } from './use-api-client';

export function useAreas() {
  const client = useApiClient();
  return useQuery({ queryKey: adminKeys.areas, queryFn: () => client.get<Location[]>(Routes.location.list) });
}

export function useArea(id: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: adminKeys.area(id ?? ''),
    queryFn: () => client.get<Location>(path(Routes.location.item, { id: id ?? '' })),
    enabled: Boolean(id),
  });
}

/** The floor plan; `null` when the area has none yet. */
export function useAreaMap(area: Location | undefined) {
  const client = useApiClient();
  const id = area?.id ?? '';
  return useQuery({
    queryKey: adminKeys.areaMap(id),
    queryFn: async () => {
      const map = await client.get<LocationMap>(path(Routes.location.map, { id }));
      return map.data ? map : null;
    },
    enabled: Boolean(area && area.mapWidth > 0),
    staleTime: Infinity,
  });
}

export function useAreaAttributeValues(id: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: adminKeys.areaAttributes(id ?? ''),
    queryFn: () => client.get<AttributeValue[]>(path(Routes.location.attributes, { id: id ?? '' })),
    enabled: Boolean(id),
  });
}

export function useTimezones() {
  const client = useApiClient();
  return useQuery({
    queryKey: adminKeys.timezones,
    queryFn: () => client.get<string[]>(Routes.setting.timezones),
    staleTime: Infinity,
  });
}

export interface AreaSaveRequest {
  id: string | undefined;
  body: LocationSave;
  /** Attribute values to set (attribute id → value) and to remove. */
  attributes: { set: AttributeValue[]; remove: string[] };
  /** A new floor-plan image, uploaded after the area itself. */
  floorPlan: File | null;
}

/** Saves in the reference's order: the area, then its attribute values, then the floor plan. */
async function saveArea(client: PerchClient, request: AreaSaveRequest): Promise<string> {
  const id = await client.save(Routes.location.list, { id: request.id, ...request.body });
  for (const { attributeId, value } of request.attributes.set) {
    await client.post(path(Routes.location.attribute, { id, attributeId }), { value });
  }
  for (const attributeId of request.attributes.remove) {
    await client.delete(path(Routes.location.attribute, { id, attributeId }));
  }
  if (request.floorPlan) {
    await client.request('POST', path(Routes.location.map, { id }), {
      raw: { data: request.floorPlan, contentType: request.floorPlan.type || 'application/octet-stream' },
    });
  }
  return id;
}

export function useSaveArea() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AreaSaveRequest) => saveArea(client, request),
    onSettled: async (id) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.areas, exact: true });
      if (!id) return;
      // Not the spaces: the floor-plan editor may hold unsaved work based on them.
      await Promise.all(
        [adminKeys.area(id), adminKeys.areaMap(id), adminKeys.areaAttributes(id)].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey, exact: true }),
        ),
      );
    },
  });
}

export function useDeleteArea() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.delete(path(Routes.location.item, { id })),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.area(id) });
      return queryClient.invalidateQueries({ queryKey: adminKeys.areas, exact: true });
    },
  });
}

export function useLoadSampleData() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.post(Routes.location.loadSampleData),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.areas, exact: true }),
  });
}
