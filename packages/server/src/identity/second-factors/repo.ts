import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { PasskeysTable, UserRow } from '../../db/schema.js';

/** Queries of passkeys, TOTP secrets and recovery codes. Secrets arrive here encrypted or hashed. */

export type PasskeyRow = Selectable<PasskeysTable>;
export type NewPasskey = Insertable<PasskeysTable>;

// Passkeys

/** A user's passkeys, oldest first. */
export async function findPasskeysOfUser(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Of these users, the ones with at least one passkey. */
export async function usersWithPasskeys(db: Db, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('passkeys')
    .select('user_id')
    .distinct()
    .where('user_id', 'in', [...userIds])
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** A passkey with the organisation of its owner. */
export async function findPasskey(db: Db, id: string): Promise<(PasskeyRow & { organization_id: string }) | undefined> {
  return db
    .selectFrom('passkeys as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .selectAll('p')
    .select('u.organization_id')
    .where('p.id', '=', id)
    .executeTakeFirst();
}

/** The passkey with this credential id hash and its owner, who signs in with it. */
export async function findPasskeyByCredential(
  db: Db,
  credentialIdHash: string,
): Promise<{ passkey: PasskeyRow; user: UserRow } | undefined> {
  const passkey = await db
    .selectFrom('passkeys')
    .selectAll()
    .where('credential_id_hash', '=', credentialIdHash)
    .executeTakeFirst();
  if (!passkey) return undefined;
  const user = await db.selectFrom('users').selectAll().where('id', '=', passkey.user_id).executeTakeFirst();
  return user ? { passkey, user } : undefined;
}

/** Stores a passkey; undefined when its credential is registered already (to anyone). */
export async function insertPasskey(db: Db, p: NewPasskey): Promise<PasskeyRow | undefined> {
  return db
    .insertInto('passkeys')
    .values(p)
    .onConflict((oc) => oc.column('credential_id_hash').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function renamePasskey(db: Db, id: string, name: string): Promise<void> {
  await db.updateTable('passkeys').set({ name }).where('id', '=', id).execute();
}

export async function deletePasskey(db: Db, id: string): Promise<void> {
  await db.deleteFrom('passkeys').where('id', '=', id).execute();
}

export async function deletePasskeysOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
}

/**
 * Records a use of a passkey with the authenticator's new signature counter. The counter must
 * move forward (or stay 0 for authenticators that keep none); false when it did not, which means
 * a cloned authenticator or a second server that took the same assertion first.
 */
export async function recordPasskeyUse(
  db: Db,
  id: string,
  use: { signCount: number; backedUp: boolean },
): Promise<boolean> {
  const r = await db
    .updateTable('passkeys')
    .set({ sign_count: use.signCount, backup_state: use.backedUp, last_used_at: new Date() })
    .where('id', '=', id)
    // A counter of 0 is accepted only while the stored one is 0 too; any other must grow.
    .where('sign_count', use.signCount === 0 ? '=' : '<', use.signCount)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// Users

/** The user row, locked until the caller's transaction ends (serialises changes of their second factors). */
export async function lockUser(db: Db, userId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', userId).forUpdate().executeTakeFirst();
}

// TOTP

/** Turns TOTP on with an encrypted secret; `step` is the time step of the code that confirmed it. */
export async function setTotpSecret(db: Db, userId: string, boxedSecret: string, step: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_secret: boxedSecret, totp_last_step: step })
    .where('id', '=', userId)
    .execute();
}

/** Turns TOTP off: the secret, the replay marker and the recovery codes go. */
export async function clearTotp(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_secret: null, totp_last_step: null })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_secret', 'is not', null), eb('totp_last_step', 'is not', null)]))
    .execute();
  await db.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
}

/**
 * Marks a TOTP time step as used, when it is later than the last one used. One conditional
 * UPDATE, so two server processes given the same code cannot both succeed.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_secret', 'is not', null)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// Recovery codes

export async function replaceRecoveryCodes(db: Db, userId: string, hashes: readonly string[]): Promise<void> {
  await db.deleteFrom('totp_recovery_codes').where('user_id', '=', userId).execute();
  if (hashes.length === 0) return;
  await db
    .insertInto('totp_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

export async function countRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('totp_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Uses up a recovery code; true when this call removed it (each code works once, across processes). */
export async function takeRecoveryCode(db: Db, userId: string, hash: string): Promise<boolean> {
  const r = await db
    .deleteFrom('totp_recovery_codes')
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
