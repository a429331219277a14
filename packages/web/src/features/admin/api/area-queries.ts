import type { PerchClient } from '@perch/client';
import type { AttributeValue, LocationSave } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/use-api-client';
import { sharedKeys } from '../../../shared/api/query-keys';
import { adminKeys } from './query-keys';

export function useAreas() {
  const client = useApiClient();
  return useQuery({ queryKey: adminKeys.areas, queryFn: () => client.call(routes.location.list) });
}

export function useArea(id: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: adminKeys.area(id ?? ''),
    queryFn: () => client.call(routes.location.get, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
  });
}

export function useAreaAttributeValues(id: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: adminKeys.areaAttributes(id ?? ''),
    queryFn: () => client.call(routes.location.attributes, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
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
  let id = request.id;
  if (id) await client.call(routes.location.update, { params: { id }, body: request.body });
  else id = (await client.call(routes.location.create, { body: request.body })).id;
  for (const { attributeId, value } of request.attributes.set) {
    await client.call(routes.location.setAttribute, { params: { id, attributeId }, body: { value } });
  }
  for (const attributeId of request.attributes.remove) {
    await client.call(routes.location.removeAttribute, { params: { id, attributeId } });
  }
  if (request.floorPlan) {
    await client.call(routes.location.uploadMap, {
      params: { id },
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
      // The booking side's areas and floor plans.
      await queryClient.invalidateQueries({ queryKey: sharedKeys.areas });
      if (!id) return;
      // Not the spaces: the floor-plan editor may hold unsaved work based on them.
      await Promise.all(
        [adminKeys.area(id), adminKeys.areaAttributes(id)].map((queryKey) =>
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
    mutationFn: (id: string) => client.call(routes.location.delete, { params: { id } }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.area(id) });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.areas });
      return queryClient.invalidateQueries({ queryKey: adminKeys.areas, exact: true });
    },
  });
}

export function useLoadSampleData() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.call(routes.location.loadSampleData),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.areas, exact: true }),
  });
}
