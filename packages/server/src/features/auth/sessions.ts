import type { Credentials, Session } from '@perch/contract';
import { sql } from 'kysely';
import type { AppDeps } from '../../context.js';
import type { Db } from '../../db/connection.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, notFound, unauthorized } from '../../http/errors.js';
import { hashToken, newRefreshToken } from '../../lib/tokens.js';

export const SESSION_DAYS = 90;
export const REFRESH_TOKEN_DAYS = 28;

const days = (n: number) => new Date(Date.now() + n * 86_400_000);

/** Starts a session, keeping at most `max` per user (the least recently active go first). */
export async function createSession(db: Db, userId: string, device: string, max: number): Promise<string> {
  const s = await db
    .insertInto('sessions')
    .values({ user_id: userId, device, expires_at: days(SESSION_DAYS) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    DELETE FROM sessions WHERE id IN (
      SELECT id FROM sessions WHERE user_id = ${userId}
      ORDER BY last_activity DESC, created_at DESC OFFSET ${max}
    )`.execute(db);
  return s.id;
}

/** Issues an access token and a new refresh token for a session. */
export async function issueCredentials(
  deps: AppDeps,
  db: Db,
  user: Pick<UserRow, 'id' | 'email' | 'role'>,
  sessionId: string,
): Promise<Credentials> {
  const refresh = newRefreshToken();
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: refresh.hash, session_id: sessionId, user_id: user.id, expires_at: days(REFRESH_TOKEN_DAYS) })
    .execute();
  const access = await deps.tokens.signAccess({ userId: user.id, email: user.email, sessionId, role: user.role });
  return {
    accessToken: access.token,
    accessTokenExpiry: access.expiresAt,
    refreshToken: refresh.token,
    logoutUrl: '',
    profilePageUrl: '',
  };
}

/**
 * Exchanges a refresh token for new credentials. Tokens rotate on every use; presenting a
 * token that was already used means it was copied, so its whole session is revoked.
 */
export async function refreshSession(deps: AppDeps, token: string): Promise<Credentials> {
  const hash = hashToken(token);
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
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
      .where('t.token_hash', '=', hash)
      .forUpdate('t')
      .executeTakeFirst();
    if (!row) return { error: notFound('Unknown refresh token') } as const;
    if (row.used_at) {
      await trx.deleteFrom('sessions').where('id', '=', row.session_id).execute();
      return { error: unauthorized('This refresh token was already used; the session has been signed out') } as const;
    }
    if (row.expires_at.getTime() < Date.now() || row.session_expires.getTime() < Date.now())
      return { error: badRequest('The refresh token has expired') } as const;
    if (row.disabled) return { error: notFound('Unknown refresh token') } as const;
    await trx.updateTable('refresh_tokens').set({ used_at: new Date() }).where('token_hash', '=', hash).execute();
    await trx.updateTable('sessions').set({ last_activity: new Date() }).where('id', '=', row.session_id).execute();
    await trx.updateTable('users').set({ last_activity_at: new Date() }).where('id', '=', row.id).execute();
    return { credentials: await issueCredentials(deps, trx, row, row.session_id) } as const;
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.credentials;
}

export async function listSessions(db: Db, userId: string, currentSessionId: string): Promise<Session[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'device', 'created_at', 'last_activity'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', new Date())
    .orderBy('last_activity', 'desc')
    .execute();
  return rows.map((s) => ({
    id: s.id,
    userId: s.user_id,
    device: s.device,
    created: s.created_at.toISOString(),
    lastActivity: s.last_activity.toISOString(),
    current: s.id === currentSessionId,
  }));
}
