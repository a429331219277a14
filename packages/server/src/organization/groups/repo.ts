import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { GroupRow, UserRow } from '../../db/schema.js';

export async function findGroup(db: Db, id: string): Promise<GroupRow | undefined> {
  return db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listGroupsWithCounts(db: Db, orgId: string): Promise<(GroupRow & { user_count: number })[]> {
  return db
    .selectFrom('groups as g')
    .leftJoin('user_groups as ug', 'ug.group_id', 'g.id')
    .select(['g.id', 'g.organization_id', 'g.name', sql<number>`count(ug.user_id)::int`.as('user_count')])
    .where('g.organization_id', '=', orgId)
    .groupBy(['g.id', 'g.organization_id', 'g.name'])
    .orderBy('g.name')
    .execute();
}

/** The id of the organisation's group with this name, compared case-insensitively. */
export async function findGroupIdByName(db: Db, orgId: string, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('groups')
    .select('id')
    .where('organization_id', '=', orgId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  return row?.id;
}

export async function insertGroup(db: Db, orgId: string, name: string): Promise<string> {
  const row = await db
    .insertInto('groups')
    .values({ organization_id: orgId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function renameGroup(db: Db, id: string, name: string): Promise<void> {
  await db.updateTable('groups').set({ name }).where('id', '=', id).execute();
}

export async function deleteGroup(db: Db, id: string): Promise<void> {
  await db.deleteFrom('groups').where('id', '=', id).execute();
}

/** Members of a group, by email. */
export async function listGroupMembers(db: Db, groupId: string): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .innerJoin('user_groups', 'user_groups.user_id', 'users.id')
    .selectAll('users')
    .where('user_groups.group_id', '=', groupId)
    .orderBy('users.email')
    .execute();
}

/** How many of `userIds` (distinct, lower-case) are users of the organisation. */
export async function countUsersOfOrg(db: Db, orgId: string, userIds: readonly string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const found = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', orgId)
    .where('id', 'in', [...userIds])
    .execute();
  return found.length;
}

/** Adds members; ones already in the group stay as they are. */
export async function addGroupMembers(db: Db, groupId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('user_groups')
    .values(userIds.map((user_id) => ({ group_id: groupId, user_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function removeGroupMembers(db: Db, groupId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .deleteFrom('user_groups')
    .where('group_id', '=', groupId)
    .where('user_id', 'in', [...userIds])
    .execute();
}

/** Ids among `ids` that are groups of the organisation. */
export async function groupsOfOrg(db: Db, orgId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('groups')
    .select('id')
    .where('organization_id', '=', orgId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Groups of one user (for allowed-booker and approver checks). */
export async function groupIdsOfUser(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('user_groups').select('group_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.group_id));
}

/** Adds an account to every group another account is in (an account merged into another). */
export async function copyMemberships(db: Db, fromUserId: string, toUserId: string): Promise<void> {
  await sql`
    INSERT INTO user_groups (group_id, user_id)
    SELECT group_id, ${toUserId} FROM user_groups WHERE user_id = ${fromUserId}
    ON CONFLICT DO NOTHING`.execute(db);
}
