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

/** Users of an organisation, ordered by email; `q` matches email or names (case-insensitive). */
export async function searchUsers(
  db: Db,
  orgId: string,
  q: string | undefined,
  limit = 1000,
  offset = 0,
): Promise<UserRow[]> {
  let query = db.selectFrom('users').selectAll().where('organization_id', '=', orgId);
  const term = q?.trim();
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
  return query.orderBy('email').limit(limit).offset(offset).execute();
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
