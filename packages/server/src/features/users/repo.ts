import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { NewUser, UserRow, UserUpdate } from '../../db/schema.js';

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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const USER_SORTS = ['email', 'name', 'role', 'lastActivity'] as const;
export type UserSort = (typeof USER_SORTS)[number];

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

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Db, id: string, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
