import { path, Routes } from '@perch/contract';
import type { Group, GroupSave, User } from '@perch/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin-query-keys';
import { useApiClient } from './use-api-client';

export function useGroups(enabled = true) {
  const client = useApiClient();
  return useQuery({ queryKey: adminKeys.groups, queryFn: () => client.get<Group[]>(Routes.group.list), enabled });
}

export function useGroup(id: string) {
  const client = useApiClient();
  return useQuery({ queryKey: adminKeys.group(id), queryFn: () => client.get<Group>(path(Routes.group.item, { id })) });
}

export function useGroupMembers(id: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: adminKeys.groupMembers(id),
    queryFn: () => client.get<User[]>(path(Routes.group.members, { id })),
  });
}

export function useSaveGroup() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | undefined; body: GroupSave }) =>
      client.save(Routes.group.list, { id, ...body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.groups }),
  });
}

export function useDeleteGroup() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.delete(path(Routes.group.item, { id })),
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
        ? client.put(path(Routes.group.members, { id }), userIds)
        : client.post(path(Routes.group.membersRemove, { id }), userIds),
    // The list's member counts; the members themselves are refetched by the caller.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.groups, exact: true }),
  });
}

const SEARCH_LIMIT = 20;

/** Users matching what the admin typed (name or email), for pickers. */
export function useUserSearch(query: string) {
  const client = useApiClient();
  const q = query.trim();
  return useQuery({
    queryKey: adminKeys.userSearch(q),
    queryFn: () => client.get<User[]>(Routes.user.list, { q, limit: SEARCH_LIMIT }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}
