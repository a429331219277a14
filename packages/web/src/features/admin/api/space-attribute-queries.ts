import type { SpaceAttributeSave } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { adminKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { saveRecord } from '../../../shared/api/save-record';

export function useSpaceAttributes() {
  return useApiQuery(adminKeys.attributes, (client) => client.call(routes.spaceAttribute.list));
}

export function useSaveSpaceAttribute() {
  return useApiMutation(
    (client, { id, body }: { id: string | undefined; body: SpaceAttributeSave }) =>
      saveRecord(
        id,
        () => client.call(routes.spaceAttribute.create, { body }),
        (id) => client.call(routes.spaceAttribute.update, { params: { id }, body }),
      ),
    (queryClient) => queryClient.invalidateQueries({ queryKey: adminKeys.attributes }),
  );
}

export function useDeleteSpaceAttribute() {
  return useApiMutation(
    (client, id: string) => client.call(routes.spaceAttribute.delete, { params: { id } }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: adminKeys.attributes }),
  );
}
