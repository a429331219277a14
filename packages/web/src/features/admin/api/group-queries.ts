import type { GroupSave } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/use-api-client';
import { adminKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { saveRecord } from '../../../shared/api/save-record';

export function useGroups(enabled = true) {
  return useApiQuery(adminKeys.groups, (client) => client.call(routes.group.list), { enabled });
}

export function useGroup(id: string) {
  return useApiQuery(adminKeys.group(id), (client) => client.call(routes.group.get, { params: { id } }));
}

export function useGroupMembers(id: string) {
  return useApiQuery(adminKeys.groupMembers(id), (client) => client.call(routes.group.members, { params: { id } }));
}

export function useSaveGroup() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | undefined; body: GroupSave }) =>
      saveRecord(
        id,
        () => client.call(routes.group.create, { body }),
        (id) => client.call(routes.group.update, { params: { id }, body }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.groups }),
  });
}

export function useDeleteGroup() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.call(routes.group.delete, { params: { id } }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.group(id) });
      return queryClient.invalidateQueries({ queryKey: adminKeys.groups, exact: true });
    },
  });
}

/** Adds or removes members; member counts in the group list change with it. */
export function useChangeGroupMembers(id: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ add, userIds }: { add: boolean; userIds: string[] }) =>
      add
        ? client.call(routes.group.addMembers, { params: { id }, body: userIds })
        : client.call(routes.group.removeMembers, { params: { id }, body: userIds }),
    // The list's member counts; the members themselves are refetched by the caller.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.groups, exact: true }),
  });
}
