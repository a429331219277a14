import type { UserSort } from '@perch/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { GroupRow, NewUser, UserRow, UserUpdate } from '../../db/schema.js';

export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Db, orgId: string, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('organization_id', '=', orgId)
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

/** The organisations that have a user with this (normalised) email, at most `limit` of them. */
export async function findOrganizationIdsByEmail(db: Db, email: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('users').select('organization_id').where('email', '=', email).limit(limit).execute();
  return rows.map((r) => r.organization_id);
}

/** Whether any user of the organisation has a password (the sign-in screen then asks for one). */
export async function hasUserWithPassword(db: Db, orgId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', orgId)
    .where('password_hash', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface UserSearch {
  q?: string;
  limit?: number;
  offset?: number;
  sort?: UserSort;
  order?: 'asc' | 'desc';
}

/**
 * Users of an organisation whose email or names contain `q` (case-insensitive): one page,
 * sorted (by email unless asked otherwise), and how many match in all.
 */
export async function searchUsers(
  db: Db,
  orgId: string,
  s: UserSearch = {},
): Promise<{ rows: UserRow[]; total: number }> {
  let query = db.selectFrom('users').where('organization_id', '=', orgId);
  const term = s.q?.trim();
  if (term) {
    const pattern = `%${escapeLike(term.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([
        eb('email', 'like', pattern),
        eb(sql`lower(firstname)`, 'like', pattern),
        eb(sql`lower(lastname)`, 'like', pattern),
      ]),
    );
  }
  const dir = s.order === 'desc' ? 'desc' : 'asc';
  let sorted = query.selectAll();
  if (s.sort === 'name') sorted = sorted.orderBy(sql`lower(lastname)`, dir).orderBy(sql`lower(firstname)`, dir);
  else if (s.sort === 'role') sorted = sorted.orderBy('role', dir);
  else if (s.sort === 'lastActivity')
    sorted = sorted.orderBy(sql`last_activity_at ${sql.raw(dir === 'asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST')}`);
  const [rows, total] = await Promise.all([
    sorted
      .orderBy('email', dir)
      .limit(s.limit ?? 1000)
      .offset(s.offset ?? 0)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function countUsers(db: Db, orgId: string): Promise<number> {
  const r = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The groups a user belongs to, by name. */
export async function findGroupsOfUser(db: Db, userId: string): Promise<GroupRow[]> {
  return db
    .selectFrom('groups')
    .innerJoin('user_groups', 'user_groups.group_id', 'groups.id')
    .selectAll('groups')
    .where('user_groups.user_id', '=', userId)
    .orderBy('groups.name')
    .execute();
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Db, id: string, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}
