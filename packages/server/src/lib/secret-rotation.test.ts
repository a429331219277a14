import { randomBytes } from 'node:crypto';
import { type Credentials } from '@perch/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { openPglite, openPostgres, type DatabaseHandle, type Db } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { createDeps } from '../deps.js';
import { workerDatabaseUrl } from '../test-support/database.js';
import { createProvider } from '../test-support/provider-sign-in.js';
import {
  clientOn,
  codeAt,
  enableTotp,
  passkeyLoginAnswer,
  registerPasskey,
  secondFactorObjects,
  signInOn,
  siteOf,
} from '../test-support/second-factors.js';
import { startTestServer, TEST_PASSWORD, testEnv, type TestServer } from '../test-support/server.js';
import { SoftwareAuthenticator } from '../test-support/webauthn-authenticator.js';
import { SecretBox } from './secret-box.js';
import { ENCRYPTED_COLUMNS, STORED_KEY, type SecretRotationReport } from './secret-rotation.js';

/**
 * Changing the key of the secrets at rest: from the generated key kept in the database to
 * CRYPT_KEY, then from one CRYPT_KEY to another with CRYPT_KEY_PREVIOUS. Every kind of stored
 * secret is made through the API first; afterwards every encrypted value anywhere in the
 * database opens with the new key alone, to the same secret, and the server still uses them.
 * A database of its own: the shared test database keeps its key across tests.
 */
let db: DatabaseHandle;
beforeAll(async () => {
  db = process.env.DATABASE_URL
    ? await openPostgres(await workerDatabaseUrl(process.env.DATABASE_URL, 'perch_keys'), 4)
    : await openPglite(undefined);
  await migrate(db.db);
});
afterAll(() => db?.close());

const key = () => randomBytes(16).toString('hex');
const BOX = /v1:[A-Za-z0-9+/]{16}:[A-Za-z0-9+/]{22}==:[A-Za-z0-9+/=]*/g;

/** Every encrypted value in any text column of any table, with where it was found. */
async function encryptedValues(d: Db): Promise<{ where: string; box: string }[]> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND data_type IN ('text', 'character varying')`.execute(d);
  const found: { where: string; box: string }[] = [];
  for (const c of columns) {
    const { rows } = await sql<{ v: string }>`
      SELECT ${sql.ref(c.column_name)} AS v FROM ${sql.table(c.table_name)}
      WHERE ${sql.ref(c.column_name)} LIKE '%v1:%'`.execute(d);
    for (const r of rows)
      for (const box of r.v.match(BOX) ?? []) found.push({ where: `${c.table_name}.${c.column_name}`, box });
  }
  return found;
}

/** The secrets the values hold, opened with `box` (null where it cannot), sorted. */
const opened = (box: SecretBox, values: { box: string }[]) =>
  values.map((v) => box.decrypt(v.box)).sort((a, b) => String(a).localeCompare(String(b)));

/** One of each stored secret, made as people make them. Returns what signs in afterwards. */
async function storeEverySecret(s: TestServer) {
  const site = siteOf(s);
  // A passkey, a TOTP setup and passkey ceremonies under way (auth_states), for one user …
  await s.createUser({ email: 'ceremonies@test.perch.local' });
  await secondFactorObjects(s, {
    orgId: s.orgId,
    domain: 'test.perch.local',
    email: 'ceremonies@test.perch.local',
    password: TEST_PASSWORD,
    passkeyName: 'Phone',
  });
  // … a passkey that signs in later, for another …
  await s.createUser({ email: 'passkey@test.perch.local' });
  const authenticator = new SoftwareAuthenticator();
  await registerPasskey(await signInOn(s, site, 'passkey@test.perch.local', TEST_PASSWORD), authenticator, site);
  // … TOTP for a third, with a calendar feed and a CalDAV password (stored as connecting does).
  const totpUserId = await s.createUser({ email: 'totp@test.perch.local' });
  const totpUser = await s.signIn('totp@test.perch.local');
  const totpSecret = await enableTotp(totpUser);
  await totpUser.post('/preference/calendar-feed');
  await s.deps.db
    .insertInto('user_preferences')
    .values({ user_id: totpUserId, name: 'caldav_pass', value: s.deps.secrets.encrypt('calendar-password') })
    .execute();
  // A sign-in provider's client secret and the wiki's shared secret.
  await createProvider(s, {
    name: 'Company ID',
    providerType: 1,
    issuer: 'https://id.example.com',
    scopes: 'openid,email',
    userInfoEmailField: 'email',
    clientId: 'perch',
    clientSecret: 'provider-secret',
  });
  await s.admin.put('/setting/confluence_server_shared_secret', { value: 'wiki-shared-secret-0123456789-abcdef' });
  return { site, authenticator, totpSecret };
}

describe('changing CRYPT_KEY', () => {
  it('moves every stored secret to the new key, once across processes, and the server keeps using them', async () => {
    const s0 = await startTestServer({}, { database: db });
    let made: Awaited<ReturnType<typeof storeEverySecret>>;
    try {
      made = await storeEverySecret(s0);
    } finally {
      await s0.close();
    }
    const stored = await db.db
      .selectFrom('system_settings')
      .select('value')
      .where('name', '=', STORED_KEY)
      .executeTakeFirstOrThrow();
    const generated = new SecretBox(Buffer.from(stored.value, 'base64'));
    const before = await encryptedValues(db.db);
    // Every kind was made, and each lives in a column the rotation knows.
    const known = ENCRYPTED_COLUMNS.map((c) => `${c.table}.${c.column}`);
    expect([...new Set(before.map((v) => v.where))].sort()).toEqual([...new Set(known)].sort());
    const secrets = opened(generated, before);
    expect(secrets).not.toContain(null);
    expect(secrets).toEqual(
      expect.arrayContaining(['calendar-password', 'provider-secret', 'wiki-shared-secret-0123456789-abcdef']),
    );

    // 1. CRYPT_KEY set on an installation that kept its generated key in the database.
    const first = key();
    const reports: SecretRotationReport[] = [];
    await createDeps(loadConfig({ ...testEnv, CRYPT_KEY: first }), db, (r) => reports.push(r));
    expect(reports).toEqual([{ reencrypted: before.length, unreadable: 0, forgotStoredKey: true }]);
    const afterFirst = await encryptedValues(db.db);
    expect(afterFirst).toHaveLength(before.length);
    expect(opened(new SecretBox(Buffer.from(first)), afterFirst)).toEqual(secrets);
    expect(opened(generated, afterFirst).every((v) => v === null)).toBe(true);
    expect(
      await db.db.selectFrom('system_settings').select('name').where('name', '=', STORED_KEY).executeTakeFirst(),
    ).toBeUndefined();

    // The server signs in with the re-encrypted TOTP secret and passkey.
    const s1 = await startTestServer({ CRYPT_KEY: first }, { database: db, reset: false });
    try {
      const totp = s1.client();
      const { login } = await import('@perch/client');
      await login(totp, {
        email: 'totp@test.perch.local',
        password: TEST_PASSWORD,
        organizationId: s1.orgId,
        // The next period's code: the one that turned TOTP on counts as used.
        code: await codeAt(made.totpSecret, 1),
      });
      expect((await totp.get<{ email: string }>('/user/me')).email).toBe('totp@test.perch.local');
      const anon = clientOn(s1, made.site);
      const answer = await passkeyLoginAnswer(anon, made.authenticator, made.site, s1.orgId);
      const res = await anon.post<Credentials>('/auth/passkey/login/finish', answer);
      expect(typeof res.data.accessToken).toBe('string');
    } finally {
      await s1.close();
    }

    // 2. Another key, the first one as CRYPT_KEY_PREVIOUS, two processes starting together.
    const second = key();
    const config = loadConfig({ ...testEnv, CRYPT_KEY: second, CRYPT_KEY_PREVIOUS: first });
    reports.length = 0;
    await Promise.all([createDeps(config, db, (r) => reports.push(r)), createDeps(config, db, (r) => reports.push(r))]);
    const afterFirstCount = afterFirst.length;
    expect(reports.map((r) => r.reencrypted).sort((a, b) => a - b)).toEqual([0, afterFirstCount]);
    const afterSecond = await encryptedValues(db.db);
    expect(opened(new SecretBox(Buffer.from(second)), afterSecond)).toEqual(secrets);
    expect(opened(new SecretBox(Buffer.from(first)), afterSecond).every((v) => v === null)).toBe(true);

    // Left set, CRYPT_KEY_PREVIOUS finds nothing more to do.
    reports.length = 0;
    await createDeps(config, db, (r) => reports.push(r));
    expect(reports).toEqual([{ reencrypted: 0, unreadable: 0, forgotStoredKey: false }]);

    // 3. A new key without the previous one: refused at start, saying how to change keys.
    await expect(createDeps(loadConfig({ ...testEnv, CRYPT_KEY: key() }), db)).rejects.toThrow(
      /CRYPT_KEY is not the key they were encrypted with.*CRYPT_KEY_PREVIOUS/,
    );
    // … and without CRYPT_KEY at all the server does not start on a new generated key either.
    await expect(createDeps(loadConfig({ ...testEnv }), db)).rejects.toThrow(/CRYPT_KEY_PREVIOUS/);
  });
});
