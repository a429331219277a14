import type { Db } from '../../db/connection.js';

/**
 * The stored second factor and API token of a user. Nothing in this version writes them; the
 * removals below keep the truthful "it is off" answers true should a row carry one anyway.
 */

export async function clearTotpSecret(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_secret: null })
    .where('id', '=', userId)
    .where('totp_secret', 'is not', null)
    .execute();
}

export async function clearApiToken(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ api_token_hash: null })
    .where('id', '=', userId)
    .where('api_token_hash', 'is not', null)
    .execute();
}
