import type { SpaceAttributeSave } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/use-api-client';
import { adminKeys } from './query-keys';

export function useSpaceAttributes() {
  const client = useApiClient();
  return useQuery({
    queryKey: adminKeys.attributes,
    queryFn: () => client.call(routes.spaceAttribute.list),
  });
}

export function useSaveSpaceAttribute() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | undefined; body: SpaceAttributeSave }): Promise<string> => {
      if (!id) return (await client.call(routes.spaceAttribute.create, { body })).id;
      await client.call(routes.spaceAttribute.update, { params: { id }, body });
      return id;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.attributes }),
  });
}

export function useDeleteSpaceAttribute() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.call(routes.spaceAttribute.delete, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.attributes }),
  });
}
