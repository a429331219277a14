import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import { SecretBox } from './secret-box.js';
import { getOrCreateSystemValue } from './system-values.js';

/**
 * The key of the secrets at rest, and changing it. Without CRYPT_KEY the key is generated once
 * and kept in the database (`system_settings.crypt_key`), so every process of an installation
 * shares it, and whoever holds a copy of the database holds the key too. With CRYPT_KEY the key
 * lives only in the environment; to change it, the old key is given as CRYPT_KEY_PREVIOUS (or
 * is the generated one still stored): at start every stored secret made with it is encrypted
 * again with CRYPT_KEY, once across processes, and a stored generated key is then deleted.
 */

/** The generated key's name in `system_settings`. */
export const STORED_KEY = 'crypt_key';

/** Every column that holds encrypted values: whole values, or (json) JSON text with encrypted strings in it. */
export const ENCRYPTED_COLUMNS: readonly { table: string; key: readonly string[]; column: string; json?: true }[] = [
  { table: 'users', key: ['id'], column: 'totp_secret' },
  { table: 'passkeys', key: ['id'], column: 'credential_id_encrypted' },
  { table: 'passkeys', key: ['id'], column: 'public_key_encrypted' },
  { table: 'passkeys', key: ['id'], column: 'aaguid_encrypted' },
  { table: 'auth_providers', key: ['id'], column: 'client_secret' },
  { table: 'calendar_feeds', key: ['user_id'], column: 'token_encrypted' },
  // Name-value tables: the wiki's shared secret, CalDAV passwords, the token signing key.
  { table: 'settings', key: ['organization_id', 'name'], column: 'value' },
  { table: 'user_preferences', key: ['user_id', 'name'], column: 'value' },
  { table: 'system_settings', key: ['name'], column: 'value' },
  // TOTP setups and passkey ceremonies under way.
  { table: 'auth_states', key: ['id'], column: 'payload', json: true },
];

/** What a start with CRYPT_KEY_PREVIOUS did. */
export interface SecretRotationReport {
  /** Values encrypted again with CRYPT_KEY. */
  reencrypted: number;
  /** Encrypted values that neither key opens (made with yet another key): they stay as they are. */
  unreadable: number;
  /** Whether the generated key kept in the database was deleted. */
  forgotStoredKey: boolean;
}

/** The shape SecretBox gives its output: `v1:` and base64 of a 12-byte IV, a 16-byte tag and the data. */
const BOXED = /^v1:[A-Za-z0-9+/]{16}:[A-Za-z0-9+/]{22}==:[A-Za-z0-9+/=]*$/;

/**
 * The SecretBox of this installation (see above). With a previous key it re-encrypts the stored
 * secrets first and says what it did; otherwise `rotation` is null.
 */
export async function openSecretBox(
  db: Db,
  config: Pick<Config, 'CRYPT_KEY' | 'CRYPT_KEY_PREVIOUS'>,
): Promise<{ secrets: SecretBox; rotation: SecretRotationReport | null }> {
  if (!config.CRYPT_KEY) {
    const generated = await getOrCreateSystemValue(db, STORED_KEY, () => randomBytes(32).toString('base64'));
    return { secrets: new SecretBox(Buffer.from(generated, 'base64')), rotation: null };
  }
  const stored = await db
    .selectFrom('system_settings')
    .select('value')
    .where('name', '=', STORED_KEY)
    .executeTakeFirst();
  const previous = [
    ...(config.CRYPT_KEY_PREVIOUS ? [Buffer.from(config.CRYPT_KEY_PREVIOUS, 'utf8')] : []),
    ...(stored ? [Buffer.from(stored.value, 'base64')] : []),
  ];
  const secrets = new SecretBox(Buffer.from(config.CRYPT_KEY, 'utf8'), previous);
  if (!secrets.rotating) return { secrets, rotation: null };
  return { secrets, rotation: await reencryptSecrets(db, secrets) };
}

/**
 * Encrypts every stored secret that a previous key made again with the current one, in one
 * transaction under an advisory lock: processes starting together do it once (the later ones
 * find nothing left). Each row is written only while it still holds the value read, so a
 * secret changed meanwhile is never overwritten with the old one.
 */
async function reencryptSecrets(db: Db, secrets: SecretBox): Promise<SecretRotationReport> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('perch:crypt-key-rotation'))`.execute(trx);
    const report: SecretRotationReport = { reencrypted: 0, unreadable: 0, forgotStoredKey: false };
    for (const c of ENCRYPTED_COLUMNS) {
      const keys = sql.join(c.key.map((k, i) => sql`${sql.ref(k)} AS ${sql.id(`k${i}`)}`));
      const { rows } = await sql<Record<string, string>>`
        SELECT ${keys}, ${sql.ref(c.column)} AS value FROM ${sql.table(c.table)}
        WHERE ${sql.ref(c.column)} LIKE ${c.json ? '%"v1:%' : 'v1:%'}`.execute(trx);
      for (const row of rows) {
        const old = row.value!;
        const next = c.json ? reboxJson(secrets, old, report) : reboxValue(secrets, old, report);
        if (next === null) continue;
        const same = sql.join(
          c.key.map((k, i) => sql`${sql.ref(k)} = ${row[`k${i}`]}`),
          sql` AND `,
        );
        const updated = await sql`
          UPDATE ${sql.table(c.table)} SET ${sql.ref(c.column)} = ${next}
          WHERE ${same} AND ${sql.ref(c.column)} = ${old}`.execute(trx);
        report.reencrypted += Number(updated.numAffectedRows ?? 0);
      }
    }
    const forgotten = await trx.deleteFrom('system_settings').where('name', '=', STORED_KEY).executeTakeFirst();
    report.forgotStoredKey = Number(forgotten.numDeletedRows) > 0;
    return report;
  });
}

function reboxValue(secrets: SecretBox, value: string, report: SecretRotationReport): string | null {
  if (!BOXED.test(value)) return null;
  const next = secrets.rebox(value);
  if (next === null && secrets.decrypt(value) === null) report.unreadable++;
  return next;
}

/** The JSON text with its encrypted strings re-encrypted, or null when none needed it. */
function reboxJson(secrets: SecretBox, text: string, report: SecretRotationReport): string | null {
  let changed = false;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const next = reboxValue(secrets, v, report);
      if (next === null) return v;
      changed = true;
      return next;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const next = walk(parsed);
  return changed ? JSON.stringify(next) : null;
}
