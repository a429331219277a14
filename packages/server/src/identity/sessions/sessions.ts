import type { AppDeps, AuthContext } from '../../context.js';
import type { SessionRow, UserRow } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, notFound, unauthorized } from '../../http/errors.js';
import { deviceLabel } from '../../lib/device.js';
import { hashToken, newRefreshToken } from '../../lib/tokens.js';
import { updateUser } from '../accounts/index.js';
import {
  deleteSession,
  findActiveSessions,
  findRefreshTokenForUpdate,
  insertRefreshToken,
  insertSession,
  markRefreshTokenReused,
  markRefreshTokenUsed,
  pruneSessions,
  touchSession,
} from './repo.js';

export const SESSION_DAYS = 90;
export const REFRESH_TOKEN_DAYS = 28;
/**
 * How long after its rotation a refresh token is still honoured, once: the client that sent it
 * may never have received the answer (a reload or a closed tab mid-request).
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

const days = (n: number) => new Date(Date.now() + n * 86_400_000);

/** The tokens of a session: an access token with its expiry (epoch ms) and a new refresh token. */
export interface IssuedTokens {
  accessToken: string;
  accessTokenExpiry: number;
  refreshToken: string;
}

/** Starts a session, keeping at most `max` per user (the least recently active go first). */
export async function createSession(deps: AppDeps, userId: string, device: string, max: number): Promise<string> {
  const id = await insertSession(deps.db, userId, device, days(SESSION_DAYS));
  await pruneSessions(deps.db, userId, max);
  return id;
}

/**
 * Signs a user in: records the activity, starts a session (pruning the oldest beyond the
 * per-user limit) and issues its tokens, in one transaction (joining the caller's, if any).
 */
export async function openSession(
  deps: AppDeps,
  user: Pick<UserRow, 'id' | 'email' | 'role'>,
  userAgent: string | undefined,
): Promise<IssuedTokens> {
  return inTransaction(deps, async (tx) => {
    await updateUser(tx.db, user.id, { last_activity_at: new Date() });
    const sessionId = await createSession(tx, user.id, deviceLabel(userAgent), deps.config.MAX_SESSIONS_PER_USER);
    return issueCredentials(tx, user, sessionId);
  });
}

/** Issues an access token and a new refresh token for a session. */
export async function issueCredentials(
  deps: AppDeps,
  user: Pick<UserRow, 'id' | 'email' | 'role'>,
  sessionId: string,
): Promise<IssuedTokens> {
  return (await issue(deps, user, sessionId)).tokens;
}

/** `issueCredentials`, also answering the new refresh token's hash. */
async function issue(
  deps: AppDeps,
  user: Pick<UserRow, 'id' | 'email' | 'role'>,
  sessionId: string,
): Promise<{ tokens: IssuedTokens; refreshHash: string }> {
  const refresh = newRefreshToken();
  await insertRefreshToken(deps.db, {
    tokenHash: refresh.hash,
    sessionId,
    userId: user.id,
    expiresAt: days(REFRESH_TOKEN_DAYS),
  });
  const access = await deps.tokens.signAccess({ userId: user.id, email: user.email, sessionId, role: user.role });
  return {
    tokens: { accessToken: access.token, accessTokenExpiry: access.expiresAt, refreshToken: refresh.token },
    refreshHash: refresh.hash,
  };
}

/**
 * Exchanges a refresh token for new credentials. Tokens rotate on every use; presenting a
 * token that was already used means it was copied, so its whole session is revoked. One
 * exception: within `REFRESH_REUSE_GRACE_MS` of its rotation a token is honoured once more
 * (the answer to its holder may have been lost), and the successor issued the first time is
 * withdrawn, so that only one line of tokens lives on.
 */
export async function refreshSession(deps: AppDeps, token: string): Promise<IssuedTokens> {
  const hash = hashToken(token);
  // Failures are returned, not thrown, so that the revocation of a reused token is committed.
  const outcome = await inTransaction(deps, async (tx) => {
    const row = await findRefreshTokenForUpdate(tx.db, hash);
    if (!row) return { error: notFound('Unknown refresh token') } as const;
    const reuse = row.used_at !== null;
    if (row.used_at && (row.reused_at || Date.now() - row.used_at.getTime() > REFRESH_REUSE_GRACE_MS)) {
      await deleteSession(tx.db, row.session_id);
      return { error: unauthorized('This refresh token was already used; the session has been signed out') } as const;
    }
    if (row.expires_at.getTime() < Date.now() || row.session_expires.getTime() < Date.now())
      return { error: badRequest('The refresh token has expired') } as const;
    if (row.disabled) return { error: notFound('Unknown refresh token') } as const;
    await touchSession(tx.db, row.session_id);
    await updateUser(tx.db, row.id, { last_activity_at: new Date() });
    const issued = await issue(tx, row, row.session_id);
    if (reuse) await markRefreshTokenReused(tx.db, hash, row.replaced_by, issued.refreshHash);
    else await markRefreshTokenUsed(tx.db, hash, issued.refreshHash);
    return { credentials: issued.tokens } as const;
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.credentials;
}

/** The caller's sessions that have not expired, most recently active first. */
export async function listMySessions(
  deps: AppDeps,
  auth: AuthContext,
): Promise<Pick<SessionRow, 'id' | 'user_id' | 'device' | 'created_at' | 'last_activity'>[]> {
  return findActiveSessions(deps.db, auth.userId);
}
