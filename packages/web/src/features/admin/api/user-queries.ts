import type { PerchClient } from '@perch/client';
import type { Group, User, UserSave } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/use-api-client';
import type { MembershipChanges } from '../users/user-form';
import { adminKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';

export const USERS_PAGE_SIZE = 25;
const SEARCH_LIMIT = 20;

export interface UsersPage {
  users: User[];
  /** Whether another page follows (the list endpoint reports no total for a search). */
  hasMore: boolean;
}

/** One page of the users in email order, matching `q` (name or email). */
export function useUsersPage(q: string, page: number) {
  const offset = page * USERS_PAGE_SIZE;
  return useApiQuery(
    adminKeys.usersPage(q, offset),
    async (client): Promise<UsersPage> => {
      // One more than a page tells whether there is a next one.
      const rows = await client.call(routes.user.list, {
        query: { q: q || undefined, limit: USERS_PAGE_SIZE + 1, offset },
      });
      return { users: rows.slice(0, USERS_PAGE_SIZE), hasMore: rows.length > USERS_PAGE_SIZE };
    },
    {
      placeholderData: keepPreviousData,
    },
  );
}

/** Users matching what the admin typed (name or email), for pickers. */
export function useUserSearch(query: string) {
  const q = query.trim();
  return useApiQuery(
    adminKeys.userSearch(q),
    (client) => client.call(routes.user.list, { query: { q, limit: SEARCH_LIMIT } }),
    {
      enabled: q.length > 0,
      placeholderData: keepPreviousData,
    },
  );
}

/** All users of the organisation (every role). */
export function useUserCount() {
  return useApiQuery(adminKeys.userCount, async (client) => (await client.call(routes.user.count)).count);
}

export function useUser(id: string | undefined) {
  return useApiQuery(adminKeys.user(id ?? ''), (client) => client.call(routes.user.get, { params: { id: id ?? '' } }), {
    enabled: Boolean(id),
  });
}

/**
 * The groups a user belongs to. The API lists members per group only, so this asks every group;
 * organisations have few groups, and the answer is cached.
 */
export function useGroupsOfUser(id: string | undefined, groups: readonly Group[] | undefined) {
  return useApiQuery(
    adminKeys.groupsOfUser(id ?? ''),
    async (client) => {
      const lists = await Promise.all(
        (groups ?? []).map(async (g) => ({
          id: g.id,
          members: await client.call(routes.group.members, { params: { id: g.id } }),
        })),
      );
      return lists.filter((l) => l.members.some((m) => m.id === id)).map((l) => l.id);
    },
    {
      enabled: Boolean(id) && groups !== undefined,
    },
  );
}

export interface UserSaveRequest {
  id: string | undefined;
  body: UserSave;
  groups: MembershipChanges;
}

async function saveUser(client: PerchClient, { id, body, groups }: UserSaveRequest): Promise<string> {
  let userId = id;
  if (userId) await client.call(routes.user.update, { params: { id: userId }, body });
  else userId = (await client.call(routes.user.create, { body })).id;
  const member = [userId];
  await Promise.all([
    ...groups.add.map((groupId) => client.call(routes.group.addMembers, { params: { id: groupId }, body: member })),
    ...groups.remove.map((groupId) =>
      client.call(routes.group.removeMembers, { params: { id: groupId }, body: member }),
    ),
  ]);
  return userId;
}

export function useSaveUser() {
  return useApiMutation(
    (client, request: UserSaveRequest) => saveUser(client, request),
    (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.users }),
        queryClient.invalidateQueries({ queryKey: adminKeys.groups }),
      ]),
  );
}

export function useDeleteUser() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.call(routes.user.delete, { params: { id } }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.user(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.users }),
        queryClient.invalidateQueries({ queryKey: adminKeys.groups }),
      ]);
    },
  });
}

/** Mails a user who has not chosen a password yet a new invitation (earlier links stop working). */
export function useSendInvitation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.call(routes.user.sendInvitation, { params: { id } }),
    onSuccess: (_, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.user(id) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.mail }),
      ]),
  });
}
