import { path, Routes } from '@perch/contract';
import type { BulkResult, Space, SpaceBulk } from '@perch/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { adminKeys } from './admin-query-keys';
import { useApiClient } from './use-api-client';

export function useSpaces(areaId: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: adminKeys.spaces(areaId ?? ''),
    queryFn: () => client.get<Space[]>(path(Routes.space.list, { locationId: areaId ?? '' })),
    enabled: Boolean(areaId),
    // The editor keeps its own draft; a background refetch must not pull the baseline from under it.
    staleTime: Infinity,
  });
}

/** One all-or-nothing request with every create, update and delete of an editor session. */
export function useSaveSpaces(areaId: string) {
  const client = useApiClient();
  return useMutation({
    mutationFn: async (bulk: SpaceBulk) =>
      (await client.post<BulkResult>(path(Routes.space.bulk, { locationId: areaId }), bulk)).data,
  });
}

/** Loads the spaces again (after a save, so the editor starts from what the server stored). */
export function useRefreshSpaces(areaId: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: adminKeys.spaces(areaId) }),
    [queryClient, areaId],
  );
}
