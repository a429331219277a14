import { path, Routes } from '@perch/contract';
import type { SpaceAttribute, SpaceAttributeSave } from '@perch/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin-query-keys';
import { useApiClient } from './use-api-client';

export function useSpaceAttributes() {
  const client = useApiClient();
  return useQuery({
    queryKey: adminKeys.attributes,
    queryFn: () => client.get<SpaceAttribute[]>(Routes.spaceAttribute.list),
  });
}

export function useSaveSpaceAttribute() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | undefined; body: SpaceAttributeSave }) =>
      client.save(Routes.spaceAttribute.list, { id, ...body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.attributes }),
  });
}

export function useDeleteSpaceAttribute() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.delete(path(Routes.spaceAttribute.item, { id })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.attributes }),
  });
}
