import type { PerchClient } from '@perch/client';
import { Role, routes, type AuthAttempt, type AuthAttemptList } from '@perch/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/transaction.js';
import { failure, statusOf } from '../../test-support/http.js';
import { createOrganization, type OtherOrganization } from '../../test-support/organizations.js';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
} from '../../test-support/server.js';
import { authAttemptRetentionJob } from '../../jobs/auth-attempt-retention.js';
import { runIfDue } from '../../jobs/scheduler.js';
import { recordAuthAttempt } from './service.js';

/**
 * The sign-in audit log: every password sign-in outcome of POST /auth/login and POST
 * /auth/updatepw writes one row, and org admins read their organisation's rows through
 * GET /auth-attempt/. LOGIN_PROTECTION_MAX_FAILS is 3 in the test configuration.
 */
let s: TestServer;
let orgAdmin: PerchClient;
let globex: OtherOrganization;
const DOMAIN = 'test.perch.local';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const ids: Record<string, string> = {};
const email = (name: string) => `${name}@${DOMAIN}`;

beforeAll(async () => {
  // One proxy in front: the last X-Forwarded-For entry is the client's address.
  s = await startTestServer({ TRUST_PROXY: '1' });
  for (const [name, role] of [
    ['orgadmin', Role.OrgAdmin],
    ['spaceadmin', Role.SpaceAdmin],
    ['plain', Role.User],
    ['pending', Role.User],
    ['nopassword', Role.User],
    ['bound', Role.User],
    ['disabled', Role.User],
    ['robot', Role.ServiceAccountReadWrite],
    ['forced', Role.User],
    ['changer', Role.User],
    ['throttled', Role.User],
    ['leaver', Role.User],
  ] as const)
    ids[name] = await s.createUser({ email: email(name), role });
  const provider = await sql<{ id: string }>`
    INSERT INTO auth_providers (organization_id, name) VALUES (${s.orgId}, 'Keycloak') RETURNING id`.execute(s.deps.db);
  const set = (name: string, values: Record<string, unknown>) =>
    s.deps.db.updateTable('users').set(values).where('id', '=', ids[name]!).execute();
  await set('pending', { password_pending: true });
  await set('nopassword', { password_hash: null });
  await set('bound', { auth_provider_id: provider.rows[0]!.id });
  await set('disabled', { disabled: true });
  await set('forced', { password_update_required: true });
  await set('changer', { password_update_required: true });
  orgAdmin = await s.signIn(email('orgadmin'));
  globex = await createOrganization(s, { name: 'Globex', domain: 'globex.example', adminEmail: 'hank@globex.example' });
});
afterAll(() => s.close());

/** A password sign-in from `ip` with Firefox on Linux, as a browser behind the proxy sends it. */
async function attempt(
  who: string,
  password: string,
  opts: { ip?: string; orgId?: string; path?: '/auth/login' | '/auth/updatepw'; newPassword?: string } = {},
): Promise<number> {
  const res = await fetch(`${s.url}${opts.path ?? '/auth/login'}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': opts.ip ?? '198.51.100.7',
      'user-agent': FIREFOX,
    },
    body: JSON.stringify({
      email: who,
      password,
      organizationId: opts.orgId ?? s.orgId,
      ...(opts.newPassword ? { newPassword: opts.newPassword } : {}),
    }),
  });
  return res.status;
}

const list = (c: PerchClient, query: Record<string, string | number> = {}): Promise<AuthAttemptList> =>
  c.call(routes.authAttempt.list, { query });

/** The newest attempt naming `who`, as the org admin reads it. */
async function newest(who: string): Promise<AuthAttempt> {
  const { items } = await list(orgAdmin, { user: who, limit: 1 });
  expect(items, `an attempt of ${who}`).toHaveLength(1);
  return items[0]!;
}

describe('recording password sign-ins', () => {
  it('records a success with the account, method, address and device', async () => {
    expect(await attempt(email('plain'), TEST_PASSWORD, { ip: '203.0.113.9' })).toBe(200);
    const row = await newest(email('plain'));
    expect(row).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      userId: ids.plain,
      email: email('plain'),
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      successful: true,
      method: 'password',
      authProviderId: '',
      authProviderName: '',
      errorCode: '',
      errorDetail: '',
      device: 'Firefox on Linux',
      clientAddress: '203.0.113.9',
    });
    expect(Math.abs(Date.parse(row.timestamp) - Date.now())).toBeLessThan(60_000);
  });

  it.each([
    ['an unknown email (no account, user id empty)', 'nobody', TEST_PASSWORD, 'user_not_found'],
    ['a wrong password', 'plain', 'Wrong!pass1', 'wrong_password'],
    ['an invitation not yet accepted', 'pending', TEST_PASSWORD, 'password_pending'],
    ['an account without a password', 'nopassword', TEST_PASSWORD, 'no_password_set'],
    ['an account bound to a sign-in provider', 'bound', TEST_PASSWORD, 'bound_to_auth_provider'],
    ['a disabled account', 'disabled', TEST_PASSWORD, 'user_disabled'],
    ['a service account', 'robot', TEST_PASSWORD, 'service_account'],
  ])('records a refused sign-in of %s (400) with its reason', async (_, name, password, code) => {
    expect(await attempt(email(name), password, { ip: '192.0.2.44' })).toBe(400);
    const row = await newest(email(name));
    expect(row).toMatchObject({
      successful: false,
      method: 'password',
      errorCode: code,
      userId: ids[name] ?? '',
      clientAddress: '192.0.2.44',
      device: 'Firefox on Linux',
    });
  });

  it('records the email as entered, trimmed and lower-case', async () => {
    expect(await attempt('  Somebody.Else@Example.ORG ', 'Wrong!pass1')).toBe(400);
    expect((await newest('somebody.else@example.org')).errorCode).toBe('user_not_found');
  });

  it('records a pending forced password change as a failure on /auth/login (401, 5001)', async () => {
    expect(await attempt(email('forced'), TEST_PASSWORD)).toBe(401);
    expect(await newest(email('forced'))).toMatchObject({
      successful: false,
      errorCode: 'password_update_required',
      userId: ids.forced,
    });
  });

  it('records the forced change on /auth/updatepw: wrong old password, success, and none pending', async () => {
    const change = (password: string) =>
      attempt(email('changer'), password, { path: '/auth/updatepw', newPassword: 'Brand!new-pw2' });
    expect(await change('Wrong!pass1')).toBe(400);
    expect(await newest(email('changer'))).toMatchObject({ successful: false, errorCode: 'wrong_password' });
    expect(await change(TEST_PASSWORD)).toBe(200);
    expect(await newest(email('changer'))).toMatchObject({ successful: true, errorCode: '', userId: ids.changer });
    // No change is pending any more: a second one is refused and recorded.
    expect(
      await attempt(email('changer'), 'Brand!new-pw2', { path: '/auth/updatepw', newPassword: 'Other!new-pw3' }),
    ).toBe(400);
    expect(await newest(email('changer'))).toMatchObject({
      successful: false,
      errorCode: 'password_update_not_required',
    });
  });

  it('records throttled attempts (429) as throttled, with the account', async () => {
    for (let i = 0; i < 3; i++)
      expect(await attempt(email('throttled'), 'Wrong!pass1', { ip: '192.0.2.200' })).toBe(400);
    expect(await attempt(email('throttled'), TEST_PASSWORD, { ip: '192.0.2.200' })).toBe(429);
    const rows = (await list(orgAdmin, { user: email('throttled') })).items;
    expect(rows.map((r) => r.errorCode)).toEqual(['throttled', 'wrong_password', 'wrong_password', 'wrong_password']);
    expect(rows[0]).toMatchObject({ userId: ids.throttled, clientAddress: '192.0.2.200', successful: false });
    expect(rows[0]!.errorDetail).toMatch(/\d+ more seconds/);
  });

  it('keeps the record of a refused sign-in although the request fails, and never of an unknown organisation', async () => {
    const before = await s.deps.db.selectFrom('auth_attempts').select('id').execute();
    expect(await attempt(email('plain'), 'Wrong!pass1', { orgId: '00000000-0000-4000-8000-000000000000' })).toBe(400);
    expect(await s.deps.db.selectFrom('auth_attempts').select('id').execute()).toHaveLength(before.length);
    // Recording inside a transaction would be undone by its rollback: refused outright.
    await expect(
      inTransaction(s.deps, (tx) =>
        recordAuthAttempt(tx, {
          successful: true,
          organizationId: s.orgId,
          method: 'password',
          email: email('plain'),
          userId: ids.plain!,
          clientAddress: '127.0.0.1',
          userAgent: undefined,
        }),
      ),
    ).rejects.toThrow(/outside a transaction/);
  });

  it('keeps the attempts of a deleted account, without the account', async () => {
    expect(await attempt(email('leaver'), TEST_PASSWORD)).toBe(200);
    await s.admin.delete(`/user/${ids.leaver}`);
    expect(await newest(email('leaver'))).toMatchObject({ successful: true, userId: '' });
  });

  it('names the sign-in provider of an attempt that has one', async () => {
    const provider = await s.deps.db
      .selectFrom('auth_providers')
      .select('id')
      .where('organization_id', '=', s.orgId)
      .executeTakeFirstOrThrow();
    await recordAuthAttempt(s.deps, {
      successful: false,
      errorCode: 'idp_userinfo_failed',
      errorDetail: 'userinfo answered 502',
      organizationId: s.orgId,
      method: 'oauth',
      email: email('provided'),
      userId: null,
      authProviderId: provider.id,
      clientAddress: '192.0.2.1',
      userAgent: 'curl/8.5.0',
    });
    expect(await newest(email('provided'))).toMatchObject({
      method: 'oauth',
      authProviderId: provider.id,
      authProviderName: 'Keycloak',
      errorCode: 'idp_userinfo_failed',
      errorDetail: 'userinfo answered 502',
      device: 'curl',
    });
  });
});

describe('GET /auth-attempt/', () => {
  const PAGED = '@paging.example';
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

  beforeAll(async () => {
    // 120 attempts a minute apart, every third one successful; one more 8 and one 20 days ago.
    const rows = Array.from({ length: 120 }, (_, i) => ({
      organization_id: s.orgId,
      email: `p${String(i).padStart(3, '0')}${PAGED}`,
      created_at: minutesAgo(i + 1),
      successful: i % 3 === 0,
      method: 'password',
      error_code: i % 3 === 0 ? '' : 'wrong_password',
    }));
    await s.deps.db.insertInto('auth_attempts').values(rows).execute();
    await s.deps.db
      .insertInto('auth_attempts')
      .values([
        {
          organization_id: s.orgId,
          email: `week-old${PAGED}`,
          created_at: new Date(Date.now() - 8 * 86_400_000),
          successful: true,
          method: 'password',
        },
        {
          organization_id: s.orgId,
          email: 'under_score%@odd.example',
          created_at: minutesAgo(1),
          successful: true,
          method: 'password',
        },
      ])
      .execute();
  });

  it('lists the last seven days newest first, 50 at a time, with the total', async () => {
    const page = await list(orgAdmin, { user: PAGED });
    expect(page.total).toBe(120);
    expect(page.items).toHaveLength(50);
    expect(page.items[0]!.email).toBe(`p000${PAGED}`);
    const times = page.items.map((r) => Date.parse(r.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages with limit (capped at 100) and offset', async () => {
    expect((await list(orgAdmin, { user: PAGED, limit: 500 })).items).toHaveLength(100);
    const second = await list(orgAdmin, { user: PAGED, limit: 50, offset: 50 });
    expect(second.items[0]!.email).toBe(`p050${PAGED}`);
    const last = await list(orgAdmin, { user: PAGED, limit: 50, offset: 100 });
    expect(last.items.map((r) => r.email).at(-1)).toBe(`p119${PAGED}`);
    expect(last.items).toHaveLength(20);
    const beyond = await list(orgAdmin, { user: PAGED, offset: 1000 });
    expect(beyond).toEqual({ total: 120, items: [] });
  });

  it('filters by a part of the email, case-insensitively, taking % and _ literally', async () => {
    expect((await list(orgAdmin, { user: 'P01' + '1' + PAGED.toUpperCase() })).items.map((r) => r.email)).toEqual([
      `p011${PAGED}`,
    ]);
    expect((await list(orgAdmin, { user: '_score%' })).items.map((r) => r.email)).toEqual(['under_score%@odd.example']);
    expect((await list(orgAdmin, { user: '%' })).items.map((r) => r.email)).toEqual(['under_score%@odd.example']);
  });

  it('filters by outcome: true or 1 successful, anything else failed', async () => {
    for (const success of ['true', '1', 'TRUE']) {
      const page = await list(orgAdmin, { user: PAGED, success, limit: 100 });
      expect(page.total).toBe(40);
      expect(page.items.every((r) => r.successful)).toBe(true);
    }
    for (const success of ['false', '0', 'no', 'yes']) {
      const page = await list(orgAdmin, { user: PAGED, success, limit: 100 });
      expect(page.total).toBe(80);
      expect(page.items.every((r) => !r.successful && r.errorCode === 'wrong_password')).toBe(true);
    }
  });

  it('takes a window of RFC 3339 times; end defaults to now and start to end minus seven days', async () => {
    const iso = (d: Date) => d.toISOString();
    const window = await list(orgAdmin, { user: PAGED, start: iso(minutesAgo(10.5)), end: iso(minutesAgo(4.5)) });
    expect(window.items.map((r) => r.email)).toEqual([4, 5, 6, 7, 8, 9].map((i) => `p00${i}${PAGED}`));
    // An offset is understood: the same window written in UTC+02:00.
    const offset = (d: Date) => new Date(d.getTime() + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    const shifted = await list(orgAdmin, {
      user: PAGED,
      start: offset(minutesAgo(10.5)),
      end: offset(minutesAgo(4.5)),
    });
    expect(shifted.total).toBe(6);
    // The week-old attempt only with an earlier start; an end alone reaches 7 days back from it.
    expect((await list(orgAdmin, { user: 'week-old' })).total).toBe(0);
    expect((await list(orgAdmin, { user: 'week-old', start: iso(new Date(Date.now() - 9 * 86_400_000)) })).total).toBe(
      1,
    );
    expect((await list(orgAdmin, { user: 'week-old', end: iso(new Date(Date.now() - 5 * 86_400_000)) })).total).toBe(1);
  });

  it.each([
    ['start', '2026-01-01'],
    ['start', 'yesterday'],
    ['end', '2026-01-01T10:00:00'],
    ['end', '2026-13-01T10:00:00Z'],
    ['limit', '0'],
    ['limit', '-5'],
    ['limit', 'ten'],
    ['limit', '2.5'],
    ['offset', '-1'],
    ['offset', 'x'],
  ])('answers 400 to %s=%s', async (name, value) => {
    expect(await statusOf(orgAdmin.get('/auth-attempt/', { [name]: value }))).toBe(400);
  });

  it('is for org admins: users and space admins 403, signed out 401', async () => {
    expect((await failure(list(await s.signIn(email('plain'))))).status).toBe(403);
    expect((await failure(list(await s.signIn(email('spaceadmin'))))).status).toBe(403);
    expect((await failure(list(s.client()))).status).toBe(401);
    expect((await list(orgAdmin, { limit: 1 })).items).toHaveLength(1);
  });

  it("never shows another organisation's attempts, not even to a super admin", async () => {
    expect(await attempt('hank@globex.example', 'Wrong!pass1', { orgId: globex.id, ip: '192.0.2.77' })).toBe(400);
    expect(await attempt('stranger@globex.example', 'Wrong!pass1', { orgId: globex.id })).toBe(400);
    const theirs = await list(globex.admin!, { limit: 100 });
    expect(theirs.items.map((r) => r.email)).toEqual(
      expect.arrayContaining(['hank@globex.example', 'stranger@globex.example']),
    );
    expect(theirs.items.every((r) => r.email.endsWith('@globex.example'))).toBe(true);
    for (const c of [orgAdmin, s.admin]) {
      const ours = await list(c, { user: 'globex', limit: 100 });
      expect(ours).toEqual({ total: 0, items: [] });
    }
    // The super admin sees their own organisation's log.
    expect(await attempt(ADMIN_EMAIL, ADMIN_PASSWORD)).toBe(200);
    expect((await list(s.admin, { user: ADMIN_EMAIL, limit: 1 })).items[0]).toMatchObject({ successful: true });
  });
});

describe('retention', () => {
  it('purges attempts older than AUTH_EVENT_RETENTION_DAYS (14), once across processes, and none when 0', async () => {
    expect(s.config.AUTH_EVENT_RETENTION_DAYS).toBe(14);
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
    const insert = (who: string, d: number) =>
      s.deps.db
        .insertInto('auth_attempts')
        .values({
          organization_id: globex.id,
          email: `${who}@retention.example`,
          created_at: daysAgo(d),
          successful: true,
          method: 'password',
        })
        .execute();
    await insert('ancient', 400);
    await insert('old', 14.01);
    await insert('recent', 13.99);
    const left = async () =>
      (
        await s.deps.db
          .selectFrom('auth_attempts')
          .select('email')
          .where('email', 'like', '%@retention.example')
          .orderBy('email')
          .execute()
      ).map((r) => r.email.split('@')[0]);
    const keepForever = { ...s.deps, config: { ...s.deps.config, AUTH_EVENT_RETENTION_DAYS: 0 } };
    await authAttemptRetentionJob.run(keepForever);
    expect(await left()).toEqual(['ancient', 'old', 'recent']);
    // Two processes due at once: one runs the job.
    const runs = await Promise.all([
      runIfDue(s.deps, authAttemptRetentionJob),
      runIfDue(s.deps, authAttemptRetentionJob),
    ]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(await left()).toEqual(['recent']);
  });
});
