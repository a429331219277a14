import { ErrorCode, type GroupSave } from '@perch/contract';
import type { AppDeps, AuthContext } from '../../context.js';
import type { GroupRow, UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../http/db-errors.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { requireGroupAccess, requireGroupsAccess, type GroupAccess } from './policy.js';
import {
  addGroupMembers,
  countUsersOfOrg,
  deleteGroup as deleteGroupRow,
  findGroup,
  findGroupIdByName,
  insertGroup,
  listGroupMembers,
  listGroupsWithCounts,
  removeGroupMembers as removeGroupMemberRows,
  renameGroup,
} from './repo.js';

const nameTaken = () => conflict('A group with this name already exists', ErrorCode.GroupNameAlreadyExists);

/** A concurrent request took the name between the check and the write. */
function duplicateName(e: unknown): never {
  if (isUniqueViolation(e)) throw nameTaken();
  throw e;
}

async function groupFor(deps: AppDeps, auth: AuthContext, rawId: string, access: GroupAccess): Promise<GroupRow> {
  const group = await findGroup(deps.db, pathId(rawId, 'Unknown group'));
  if (!group) throw notFound('Unknown group');
  requireGroupAccess(auth, group, access);
  return group;
}

async function ensureNameFree(deps: AppDeps, orgId: string, name: string, exceptId?: string): Promise<void> {
  const existing = await findGroupIdByName(deps.db, orgId, name);
  if (existing && existing !== exceptId) throw nameTaken();
}

/** Distinct lower-case ids; every one must be a user of the organisation. */
async function usersOfOrg(deps: AppDeps, orgId: string, ids: readonly string[]): Promise<string[]> {
  const unique = distinctIds(ids);
  if (unique.length === 0) return unique;
  if ((await countUsersOfOrg(deps.db, orgId, unique)) !== unique.length)
    throw badRequest('Some ids are not users of this organisation');
  return unique;
}

const distinctIds = (ids: readonly string[]): string[] => [...new Set(ids.map((i) => i.toLowerCase()))];

/** The organisation's groups by name, with their member counts. */
export async function listGroups(deps: AppDeps, auth: AuthContext): Promise<(GroupRow & { user_count: number })[]> {
  requireGroupsAccess(auth, 'read');
  return listGroupsWithCounts(deps.db, auth.orgId);
}

export const getGroup = (deps: AppDeps, auth: AuthContext, id: string): Promise<GroupRow> =>
  groupFor(deps, auth, id, 'read');

export async function createGroup(deps: AppDeps, auth: AuthContext, body: GroupSave): Promise<string> {
  requireGroupsAccess(auth, 'change');
  await ensureNameFree(deps, auth.orgId, body.name);
  return insertGroup(deps.db, auth.orgId, body.name).catch(duplicateName);
}

export async function updateGroup(
  deps: AppDeps,
  auth: AuthContext,
  input: { id: string; group: GroupSave },
): Promise<void> {
  const g = await groupFor(deps, auth, input.id, 'change');
  await ensureNameFree(deps, g.organization_id, input.group.name, g.id);
  await renameGroup(deps.db, g.id, input.group.name).catch(duplicateName);
}

export async function deleteGroup(deps: AppDeps, auth: AuthContext, id: string): Promise<void> {
  const g = await groupFor(deps, auth, id, 'change');
  await deleteGroupRow(deps.db, g.id);
}

/** Members of a group by email (org admins). */
export async function groupMembers(deps: AppDeps, auth: AuthContext, id: string): Promise<UserRow[]> {
  const g = await groupFor(deps, auth, id, 'change');
  return listGroupMembers(deps.db, g.id);
}

/** Adds users of the group's organisation; adding a member twice is fine. */
export async function addMembers(
  deps: AppDeps,
  auth: AuthContext,
  input: { id: string; userIds: readonly string[] },
): Promise<void> {
  const g = await groupFor(deps, auth, input.id, 'change');
  await addGroupMembers(deps.db, g.id, await usersOfOrg(deps, g.organization_id, input.userIds));
}

/** Removes users from a group; ids that are not members are ignored. */
export async function removeMembers(
  deps: AppDeps,
  auth: AuthContext,
  input: { id: string; userIds: readonly string[] },
): Promise<void> {
  const g = await groupFor(deps, auth, input.id, 'change');
  await removeGroupMemberRows(deps.db, g.id, distinctIds(input.userIds));
}
