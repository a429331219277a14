import type { SpaceBulk } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApiClient } from '../../../shared/api/use-api-client';
import { adminKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';

export function useSpaces(areaId: string | undefined) {
  return useApiQuery(
    adminKeys.spaces(areaId ?? ''),
    (client) => client.call(routes.space.list, { params: { locationId: areaId ?? '' } }),
    {
      enabled: Boolean(areaId),
      // The editor keeps its own draft; a background refetch must not pull the baseline from under it.
      staleTime: Infinity,
    },
  );
}

/** One all-or-nothing request with every create, update and delete of an editor session. */
export function useSaveSpaces(areaId: string) {
  const client = useApiClient();
  return useMutation({
    mutationFn: (bulk: SpaceBulk) => client.call(routes.space.bulk, { params: { locationId: areaId }, body: bulk }),
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
