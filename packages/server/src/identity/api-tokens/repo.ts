import type { Db } from '../../db/connection.js';
import type { UserUpdate } from '../../db/schema.js';

/** The stored API token of a service account: only its SHA-256 (hex), when it was made and last used. */

/** The columns of a user without an API token. */
export const NO_API_TOKEN = {
  api_token_hash: null,
  api_token_created_at: null,
  api_token_last_used_at: null,
} as const satisfies UserUpdate;

/** Stores a new token's hash; the previous one (a single column) is gone with it. */
export async function replaceApiToken(db: Db, userId: string, hash: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ api_token_hash: hash, api_token_created_at: now, api_token_last_used_at: null })
    .where('id', '=', userId)
    .execute();
}

export async function clearApiToken(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set(NO_API_TOKEN)
    .where('id', '=', userId)
    .where('api_token_hash', 'is not', null)
    .execute();
}

/**
 * Records that a token was used (and that its account was active), unless it was replaced or
 * revoked in the meantime: the last use of an old token is no use of the new one.
 */
export async function recordApiTokenUse(db: Db, userId: string, hash: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ api_token_last_used_at: now, last_activity_at: now })
    .where('id', '=', userId)
    .where('api_token_hash', '=', hash)
    .execute();
}
