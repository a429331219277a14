import type { PerchClient } from '@perch/client';
import { path, Routes } from '@perch/contract';
import type { CountResponse, Group, User, UserSave } from '@perch/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../api/admin-query-keys';
import { useApiClient } from '../api/use-api-client';
import type { MembershipChanges } from './user-form';

export const USERS_PAGE_SIZE = 25;

// Under adminKeys' ['admin', 'users'], so a change here also refreshes the pickers' searches.
const userKeys = {
  all: ['admin', 'users'] as const,
  page: (q: string, offset: number) => ['admin', 'users', 'page', q, offset] as const,
  count: ['admin', 'users', 'count'] as const,
  item: (id: string) => ['admin', 'users', 'item', id] as const,
  groupsOf: (id: string) => ['admin', 'users', 'item', id, 'groups'] as const,
};

export interface UsersPage {
  users: User[];
  /** Whether another page follows (the list endpoint reports no total for a search). */
  hasMore: boolean;
}

/** One page of the users in email order, matching `q` (name or email). */
export function useUsersPage(q: string, page: number) {
  const client = useApiClient();
  const offset = page * USERS_PAGE_SIZE;
  return useQuery({
    queryKey: userKeys.page(q, offset),
    queryFn: async (): Promise<UsersPage> => {
      // One more than a page tells whether there is a next one.
      const rows = await client.get<User[]>(Routes.user.list, {
        q: q || undefined,
        limit: USERS_PAGE_SIZE + 1,
        offset,
      });
      return { users: rows.slice(0, USERS_PAGE_SIZE), hasMore: rows.length > USERS_PAGE_SIZE };
    },
    placeholderData: keepPreviousData,
  });
}

/** All users of the organisation (every role). */
export function useUserCount() {
  const client = useApiClient();
  return useQuery({
    queryKey: userKeys.count,
    queryFn: async () => (await client.get<CountResponse>(Routes.user.count)).count,
  });
}

export function useUser(id: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: userKeys.item(id ?? ''),
    queryFn: () => client.get<User>(path(Routes.user.item, { id: id ?? '' })),
    enabled: Boolean(id),
  });
}

/**
 * The groups a user belongs to. The API lists members per group only, so this asks every group;
 * organisations have few groups, and the answer is cached.
 */
export function useGroupsOfUser(id: string | undefined, groups: readonly Group[] | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: userKeys.groupsOf(id ?? ''),
    queryFn: async () => {
      const lists = await Promise.all(
        (groups ?? []).map(async (g) => ({
          id: g.id,
          members: await client.get<User[]>(path(Routes.group.members, { id: g.id })),
        })),
      );
      return lists.filter((l) => l.members.some((m) => m.id === id)).map((l) => l.id);
    },
    enabled: Boolean(id) && groups !== undefined,
  });
}

export interface UserSaveRequest {
  id: string | undefined;
  body: UserSave;
  groups: MembershipChanges;
}

async function saveUser(client: PerchClient, { id, body, groups }: UserSaveRequest): Promise<string> {
  const userId = await client.save(Routes.user.list, { id, ...body });
  await Promise.all([
    ...groups.add.map((groupId) => client.put(path(Routes.group.members, { id: groupId }), [userId])),
    ...groups.remove.map((groupId) => client.post(path(Routes.group.membersRemove, { id: groupId }), [userId])),
  ]);
  return userId;
}

export function useSaveUser() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UserSaveRequest) => saveUser(client, request),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.groups }),
      ]),
  });
}

export function useDeleteUser() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.delete(path(Routes.user.item, { id })),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: userKeys.item(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.groups }),
      ]);
    },
  });
}
