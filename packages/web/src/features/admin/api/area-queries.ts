import type { PerchClient } from '@perch/client';
import type { AttributeValue, LocationSave } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/use-api-client';
import { sharedKeys } from '../../../shared/api/query-keys';
import { adminKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';

export function useAreas() {
  return useApiQuery(adminKeys.areas, (client) => client.call(routes.location.list));
}

export function useArea(id: string | undefined) {
  return useApiQuery(
    adminKeys.area(id ?? ''),
    (client) => client.call(routes.location.get, { params: { id: id ?? '' } }),
    {
      enabled: Boolean(id),
    },
  );
}

export function useAreaAttributeValues(id: string | undefined) {
  return useApiQuery(
    adminKeys.areaAttributes(id ?? ''),
    (client) => client.call(routes.location.attributes, { params: { id: id ?? '' } }),
    {
      enabled: Boolean(id),
    },
  );
}

export interface AreaSaveRequest {
  id: string | undefined;
  body: LocationSave;
  /** Attribute values to set (attribute id → value) and to remove. */
  attributes: { set: AttributeValue[]; remove: string[] };
  /** A new floor-plan image, uploaded right after the area itself. */
  floorPlan: File | null;
}

/** Which part of saving an area failed. */
export type AreaSaveStep = 'area' | 'attributes' | 'floorPlan';

/**
 * A save that failed after its first request: `step` says what failed (`failure` is the API's
 * error). A new area is removed again (`rolledBack`), so a retry does not leave a duplicate;
 * `areaId` is set when it exists all the same (an existing area, or a removal that failed too).
 */
export class AreaSaveError extends Error {
  constructor(
    readonly step: AreaSaveStep,
    readonly failure: unknown,
    readonly rolledBack: boolean,
    readonly areaId: string | null,
  ) {
    super(`Saving the area failed at ${step}`);
    this.name = 'AreaSaveError';
  }
}

async function saveParts(client: PerchClient, id: string, request: AreaSaveRequest): Promise<void> {
  let step: AreaSaveStep = 'floorPlan';
  try {
    if (request.floorPlan) {
      await client.call(routes.location.uploadMap, {
        params: { id },
        raw: { data: request.floorPlan, contentType: request.floorPlan.type || 'application/octet-stream' },
      });
    }
    step = 'attributes';
    for (const { attributeId, value } of request.attributes.set) {
      await client.call(routes.location.setAttribute, { params: { id, attributeId }, body: { value } });
    }
    for (const attributeId of request.attributes.remove) {
      await client.call(routes.location.removeAttribute, { params: { id, attributeId } });
    }
  } catch (error) {
    throw new AreaSaveError(step, error, false, id);
  }
}

/**
 * Saves an area with its attribute values and floor plan. A new area is all or nothing: it is
 * created switched off while its plan and values are stored, switched on last when it should
 * be, and removed again when any part fails — so nobody books an area that is not complete,
 * and a failed save leaves nothing behind.
 */
async function saveArea(client: PerchClient, request: AreaSaveRequest): Promise<string> {
  if (request.id) {
    const id = request.id;
    await client.call(routes.location.update, { params: { id }, body: request.body });
    await saveParts(client, id, request);
    return id;
  }
  const hasParts =
    request.floorPlan !== null || request.attributes.set.length > 0 || request.attributes.remove.length > 0;
  const body = hasParts ? { ...request.body, enabled: false } : request.body;
  const { id } = await client.call(routes.location.create, { body });
  try {
    await saveParts(client, id, request);
    if (hasParts && request.body.enabled) {
      try {
        await client.call(routes.location.update, { params: { id }, body: request.body });
      } catch (error) {
        throw new AreaSaveError('area', error, false, id);
      }
    }
  } catch (error) {
    const failed = error instanceof AreaSaveError ? error : new AreaSaveError('area', error, false, id);
    try {
      await client.call(routes.location.delete, { params: { id } });
    } catch {
      throw failed;
    }
    throw new AreaSaveError(failed.step, failed.failure, true, null);
  }
  return id;
}

export function useSaveArea() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AreaSaveRequest) => saveArea(client, request),
    onSettled: async (savedId, error) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.areas, exact: true });
      // The booking side's areas and floor plans.
      await queryClient.invalidateQueries({ queryKey: sharedKeys.areas });
      const id = savedId ?? (error instanceof AreaSaveError ? error.areaId : null);
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
  return useApiMutation(
    (client) => client.call(routes.location.loadSampleData),
    (queryClient) => queryClient.invalidateQueries({ queryKey: adminKeys.areas, exact: true }),
  );
}
