import { randomBytes } from 'node:crypto';
import type { AppDeps, AuthContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { hashToken } from '../../lib/tokens.js';
import { managedServiceAccount } from './policy.js';
import { clearApiToken, replaceApiToken } from './repo.js';

/** Random bytes of a token: 256 bits, written as 64 hex characters (which never start with a JWT's `eyJ`). */
const TOKEN_BYTES = 32;

/** The token columns of a service account (org admins). */
export async function getApiTokenState(deps: AppDeps, auth: AuthContext, rawId: string): Promise<UserRow> {
  return managedServiceAccount(deps, auth, rawId);
}

/**
 * Makes a new token for a service account (org admins) and returns it: the only time it is seen,
 * since only its SHA-256 is stored. The previous token stops working with the same write.
 */
export async function createApiToken(deps: AppDeps, auth: AuthContext, rawId: string): Promise<string> {
  const user = await managedServiceAccount(deps, auth, rawId);
  const token = randomBytes(TOKEN_BYTES).toString('hex');
  await replaceApiToken(deps.db, user.id, hashToken(token), new Date());
  return token;
}

/** Revokes a service account's token (org admins); nothing to revoke is fine. */
export async function revokeApiToken(deps: AppDeps, auth: AuthContext, rawId: string): Promise<void> {
  const user = await managedServiceAccount(deps, auth, rawId);
  await clearApiToken(deps.db, user.id);
}
