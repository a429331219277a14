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
      't.replaced_by',
      't.reused_at',
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

/** Records a token's rotation: when, and the hash of the token it was exchanged for. */
export async function markRefreshTokenUsed(db: Db, tokenHash: string, replacedBy: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ used_at: new Date(), replaced_by: replacedBy })
    .where('token_hash', '=', tokenHash)
    .execute();
}

/**
 * Honours the one reuse of a rotated token: its successor, if never used, is withdrawn (only
 * one line of tokens lives on), and the reuse is recorded with the new successor.
 */
export async function markRefreshTokenReused(
  db: Db,
  tokenHash: string,
  previousSuccessor: string | null,
  replacedBy: string,
): Promise<void> {
  if (previousSuccessor)
    await db
      .deleteFrom('refresh_tokens')
      .where('token_hash', '=', previousSuccessor)
      .where('used_at', 'is', null)
      .execute();
  await db
    .updateTable('refresh_tokens')
    .set({ reused_at: new Date(), replaced_by: replacedBy })
    .where('token_hash', '=', tokenHash)
    .execute();
}
