import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { GroupRow } from '../../db/schema.js';

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
