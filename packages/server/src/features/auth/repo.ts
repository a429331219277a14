import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { SessionRow } from '../../db/schema.js';

// Sessions

/** Inserts a session and returns its id. */
export async function insertSession(db: Db, userId: string, device: string, expiresAt: Date): Promise<string> {
  const s = await db
    .insertInto('sessions')
    .values({ user_id: userId, device, expires_at: expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return s.id;
}

/** Deletes a user's sessions beyond the `keep` most recently active ones. */
export async function pruneSessions(db: Db, userId: string, keep: number): Promise<void> {
  await sql`
    DELETE FROM sessions WHERE id IN (
      SELECT id FROM sessions WHERE user_id = ${userId}
      ORDER BY last_activity DESC, created_at DESC OFFSET ${keep}
    )`.execute(db);
}

/** A user's sessions that have not expired, most recently active first. */
export async function findActiveSessions(
  db: Db,
  userId: string,
): Promise<Pick<SessionRow, 'id' | 'user_id' | 'device' | 'created_at' | 'last_activity'>[]> {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'device', 'created_at', 'last_activity'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date())
    .orderBy('last_activity', 'desc')
    .execute();
}

export async function touchSession(db: Db, id: string): Promise<void> {
  await db.updateTable('sessions').set({ last_activity: new Date() }).where('id', '=', id).execute();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Deletes one session of a user; returns whether there was one. */
export async function deleteSessionOfUser(db: Db, id: string, userId: string): Promise<boolean> {
  const r = await db.deleteFrom('sessions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function deleteSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

// Refresh tokens

export async function insertRefreshToken(
  db: Db,
  t: { tokenHash: string; sessionId: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: t.tokenHash, session_id: t.sessionId, user_id: t.userId, expires_at: t.expiresAt })
    .execute();
}

/** A refresh token with its session and user, locked for the rotation. */
export async function findRefreshTokenForUpdate(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens as t')
    .innerJoin('sessions as s', 's.id', 't.session_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.session_id',
      't.expires_at',
      't.used_at',
      's.expires_at as session_expires',
      'u.id',
      'u.email',
      'u.role',
      'u.disabled',
    ])
    .where('t.token_hash', '=', tokenHash)
    .forUpdate('t')
    .executeTakeFirst();
}

export async function markRefreshTokenUsed(db: Db, tokenHash: string): Promise<void> {
  await db.updateTable('refresh_tokens').set({ used_at: new Date() }).where('token_hash', '=', tokenHash).execute();
}

// Sign-in providers

/** The sign-in providers of an organisation, by name. */
export async function findAuthProviderStubs(db: Db, orgId: string): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('auth_providers')
    .select(['id', 'name'])
    .where('organization_id', '=', orgId)
    .orderBy('name')
    .execute();
}

/** The id of a sign-in provider of the organisation, if it has one with this id. */
export async function findAuthProviderId(db: Db, orgId: string, id: string): Promise<string | undefined> {
  const p = await db
    .selectFrom('auth_providers')
    .select('id')
    .where('id', '=', id)
    .where('organization_id', '=', orgId)
    .executeTakeFirst();
  return p?.id;
}

// Sign-in throttling

/** When the running blocks of these keys end. */
export async function findBlockedUntil(db: Db, keys: string[]): Promise<Date[]> {
  const rows = await db
    .selectFrom('login_throttle')
    .select('blocked_until')
    .where('key', 'in', keys)
    .where('blocked_until', '>', new Date())
    .execute();
  return rows.flatMap((r) => (r.blocked_until ? [r.blocked_until] : []));
}

/** The throttle row of a key, created when missing and locked for the caller's transaction. */
export async function lockThrottleRow(db: Db, key: string) {
  await db
    .insertInto('login_throttle')
    .values({ key })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return db.selectFrom('login_throttle').selectAll().where('key', '=', key).forUpdate().executeTakeFirstOrThrow();
}

export async function updateThrottleRow(
  db: Db,
  key: string,
  row: { failures: number; window_start: Date; blocked_until: Date | null; strikes: number; updated_at: Date },
): Promise<void> {
  await db.updateTable('login_throttle').set(row).where('key', '=', key).execute();
}

export async function deleteThrottleRow(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}
