import { Role } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/password.js';
import { createOrganization } from '../../test-support/organizations.js';
import { ADMIN_EMAIL, startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';
import { BasicAuthenticator } from './basic-auth.js';

/**
 * HTTP Basic for service accounts: user name `<orgId>_<email>`, the account's password. Only
 * roles 21/22; a read-only account (21) may only read. Failures answer 401 (never 500), count
 * toward the sign-in throttle (429 + Retry-After) and appear in the sign-in log.
 * LOGIN_PROTECTION_MAX_FAILS is 3 in the test configuration.
 */

let s: TestServer;
const ids: Record<string, string> = {};

const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
const as = (email: string, pass = TEST_PASSWORD, orgId = s.orgId) => basic(`${orgId}_${email}`, pass);

const send = (authorization: string, path: string, init: RequestInit = {}) =>
  fetch(s.url + path, {
    ...init,
    headers: { authorization, 'content-type': 'application/json', ...init.headers },
  });

const attempts = () =>
  s.deps.db
    .selectFrom('auth_attempts')
    .select(['email', 'successful', 'error_code', 'error_detail', 'method', 'user_id'])
    // Not the test's own sign-ins as the super admin.
    .where('email', '!=', ADMIN_EMAIL)
    .orderBy('created_at')
    .execute();

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

beforeEach(async () => {
  await s.reset();
  const roles = [
    ['reader', Role.ServiceAccountReadOnly],
    ['writer', Role.ServiceAccountReadWrite],
    ['person', Role.User],
    ['orgadmin', Role.OrgAdmin],
  ] as const;
  for (const [name, role] of roles) ids[name] = await s.createUser({ email: `${name}@test.perch.local`, role });
});

describe('who authenticates with HTTP Basic', () => {
  it('service accounts (21, 22) do, as themselves', async () => {
    for (const [name, role] of [
      ['reader', 21],
      ['writer', 22],
    ] as const) {
      const res = await send(as(`${name}@test.perch.local`), '/user/me');
      expect(res.status, name).toBe(200);
      expect(await res.json()).toMatchObject({ id: ids[name], role, organizationId: s.orgId });
    }
  });

  it('the email is matched case-insensitively and the scheme name too', async () => {
    expect((await send(as('Writer@Test.Perch.Local'), '/user/me')).status).toBe(200);
    const encoded = Buffer.from(`${s.orgId.toUpperCase()}_writer@test.perch.local:${TEST_PASSWORD}`).toString('base64');
    expect((await send(`basic ${encoded}`, '/user/me')).status).toBe(200);
  });

  it('even when an admin set the password (no forced change for accounts that never sign in interactively)', async () => {
    await s.admin.put(`/user/${ids.writer}/password`, { password: 'Admin!set-pw1' });
    expect((await send(as('writer@test.perch.local', 'Admin!set-pw1'), '/user/me')).status).toBe(200);
  });

  it('people, org admins and super admins do not, even with the right password', async () => {
    expect((await send(as('person@test.perch.local'), '/user/me')).status).toBe(401);
    expect((await send(as('orgadmin@test.perch.local'), '/user/me')).status).toBe(401);
    expect((await send(as(ADMIN_EMAIL, 'Admin!pass1'), '/user/me')).status).toBe(401);
    const log = await attempts();
    // (the super admin's row is left out of `attempts()`, see above)
    expect(log.map((a) => a.error_code)).toEqual(['not_service_account', 'not_service_account']);
    const superAdmin = await s.deps.db
      .selectFrom('auth_attempts')
      .select(['error_code', 'error_detail'])
      .where('email', '=', ADMIN_EMAIL)
      .where('successful', '=', false)
      .execute();
    expect(superAdmin).toEqual([{ error_code: 'not_service_account', error_detail: 'HTTP Basic authentication' }]);
    expect(log.every((a) => !a.successful && a.error_detail === 'HTTP Basic authentication')).toBe(true);
  });

  it('a wrong password, an unknown email or organisation, a disabled account: 401', async () => {
    expect((await send(as('writer@test.perch.local', 'Wrong!pass1'), '/user/me')).status).toBe(401);
    expect((await send(as('nobody@test.perch.local'), '/user/me')).status).toBe(401);
    expect(
      (await send(as('writer@test.perch.local', TEST_PASSWORD, '00000000-0000-4000-8000-000000000000'), '/user/me'))
        .status,
    ).toBe(401);
    await s.deps.db.updateTable('users').set({ disabled: true }).where('id', '=', ids.reader!).execute();
    expect((await send(as('reader@test.perch.local'), '/user/me')).status).toBe(401);
    const log = await attempts();
    expect(log.map((a) => [a.email, a.error_code])).toEqual([
      ['writer@test.perch.local', 'wrong_password'],
      ['nobody@test.perch.local', 'user_not_found'],
      // (the unknown organisation has no log to write to)
      ['reader@test.perch.local', 'user_disabled'],
    ]);
  });

  it('a service account of another organisation does not reach this one', async () => {
    const other = await createOrganization(s, { name: 'Globex' });
    const robot = await s.createUser({ email: 'robot@globex.example', role: 22, organizationId: other.id });
    // Its email under this organisation's id names nobody.
    expect((await send(as('robot@globex.example'), '/user/me')).status).toBe(401);
    const auth = as('robot@globex.example', TEST_PASSWORD, other.id);
    expect(await (await send(auth, '/user/me')).json()).toMatchObject({ id: robot });
    expect((await send(auth, `/user/${ids.writer}`)).status).toBe(404);
    expect((await send(auth, `/user/${ids.writer}`, { method: 'DELETE' })).status).toBe(404);
    expect((await send(as('writer@test.perch.local'), '/user/me')).status).toBe(200);
  });

  it.each([
    ['no credentials', 'Basic '],
    ['not base64', 'Basic !!!not-base64!!!'],
    ['no colon', `Basic ${Buffer.from('just-a-name').toString('base64')}`],
    ['no underscore', `Basic ${Buffer.from('writer@test.perch.local:x').toString('base64')}`],
    ['no uuid', `Basic ${Buffer.from('abc_writer@test.perch.local:x').toString('base64')}`],
    ['empty email', `Basic ${Buffer.from('00000000-0000-4000-8000-000000000000_:x').toString('base64')}`],
    ['empty password', `Basic ${Buffer.from('00000000-0000-4000-8000-000000000000_a@b.c:').toString('base64')}`],
    ['a huge password', basic('00000000-0000-4000-8000-000000000000_a@b.c', 'x'.repeat(5000))],
    ['binary', `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0x00, 0x5f]).toString('base64')}`],
    ['another scheme', `Digest ${Buffer.from('a:b').toString('base64')}`],
  ])('a malformed header (%s) is 401, never 500', async (_, header) => {
    const res = await send(header, '/user/me');
    expect(res.status).toBe(401);
  });

  it('a malformed header on a public route is ignored', async () => {
    expect((await send('Basic !!!', '/auth/singleorg')).status).toBe(200);
  });
});

describe('read-only service accounts (21)', () => {
  it('read (GET, HEAD) but get 401 for every write, and nothing changes', async () => {
    const reader = as('reader@test.perch.local');
    expect((await send(reader, '/user/')).status).toBe(200);
    expect((await send(reader, '/user/', { method: 'HEAD' })).status).toBe(200);
    const before = await s.deps.db.selectFrom('users').select(['id', 'email', 'role']).orderBy('id').execute();
    const writes: [string, string, unknown][] = [
      ['POST', '/user/', { email: 'new@test.perch.local', role: 0, firstname: 'New', lastname: 'One' }],
      ['PUT', `/user/${ids.person}`, { email: 'changed@test.perch.local', role: 20 }],
      ['DELETE', `/user/${ids.person}`, undefined],
      ['PUT', `/user/${ids.person}/password`, { password: 'Other!pass2' }],
      ['POST', '/group/', { name: 'Readers' }],
      ['POST', `/user/${ids.reader}/api-token`, undefined],
    ];
    for (const [method, path, body] of writes) {
      const res = await send(reader, path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect(await s.deps.db.selectFrom('users').select(['id', 'email', 'role']).orderBy('id').execute()).toEqual(before);
    expect(await s.deps.db.selectFrom('groups').select('id').execute()).toEqual([]);
    expect(
      (await s.deps.db.selectFrom('users').select('api_token_hash').where('id', '=', ids.reader!).executeTakeFirst())
        ?.api_token_hash,
    ).toBeNull();
  });

  it('a read-write account (22) writes like an org admin', async () => {
    const writer = as('writer@test.perch.local');
    const res = await send(writer, '/user/', {
      method: 'POST',
      body: JSON.stringify({ email: 'made@test.perch.local', role: 0, firstname: 'Made', lastname: 'Byrobot' }),
    });
    expect(res.status).toBe(201);
    expect((await send(writer, `/user/${res.headers.get('x-object-id')}`, { method: 'DELETE' })).status).toBe(204);
  });
});

describe('cost, throttling and the sign-in log', () => {
  it('pays for scrypt once per credentials, and concurrent first requests share one check', async () => {
    let checks = 0;
    const basicAuth = new BasicAuthenticator(s.deps, (p, h) => {
      checks++;
      return verifyPassword(p, h);
    });
    const client = { ip: '192.0.2.7', userAgent: undefined };
    const encoded = (pass: string) => Buffer.from(`${s.orgId}_writer@test.perch.local:${pass}`).toString('base64');
    for (let i = 0; i < 5; i++)
      expect(await basicAuth.authenticate(encoded(TEST_PASSWORD), client)).toMatchObject({ id: ids.writer });
    expect(checks).toBe(1);
    await s.admin.put(`/user/${ids.writer}/password`, { password: 'Fresh!pass-1' });
    expect(await basicAuth.authenticate(encoded(TEST_PASSWORD), client)).toBeNull();
    expect(checks).toBe(2);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => basicAuth.authenticate(encoded('Fresh!pass-1'), client)),
    );
    expect(answers.map((row) => row?.id)).toEqual([ids.writer, ids.writer, ids.writer, ids.writer]);
    expect(checks).toBe(3);
    // Each check is logged once: a success, the old password's failure, the new password's success.
    expect((await attempts()).map((a) => [a.successful, a.error_code, a.method])).toEqual([
      [true, '', 'password'],
      [false, 'wrong_password', 'password'],
      [true, '', 'password'],
    ]);
  });

  it('a password change takes effect at once, although the server remembers verified credentials', async () => {
    const writer = as('writer@test.perch.local');
    expect((await send(writer, '/user/me')).status).toBe(200);
    expect((await send(writer, '/user/me')).status).toBe(200);
    await s.admin.put(`/user/${ids.writer}/password`, { password: 'Fresh!pass-1' });
    expect((await send(writer, '/user/me')).status).toBe(401);
    expect((await send(as('writer@test.perch.local', 'Fresh!pass-1'), '/user/me')).status).toBe(200);
    // A role that is no service account's ends it at once, too.
    await s.deps.db.updateTable('users').set({ role: Role.OrgAdmin }).where('id', '=', ids.writer!).execute();
    expect((await send(as('writer@test.perch.local', 'Fresh!pass-1'), '/user/me')).status).toBe(401);
  });

  it('repeated failures are throttled (429 + Retry-After), also for the right password, and logged', async () => {
    const wrong = as('writer@test.perch.local', 'Wrong!pass1');
    for (let i = 0; i < 3; i++) expect((await send(wrong, '/user/me')).status).toBe(401);
    const blocked = await send(as('writer@test.perch.local'), '/user/me');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const log = await attempts();
    expect(log.at(-1)).toMatchObject({ successful: false, error_code: 'throttled', user_id: ids.writer });
    // Another account from the same address is not blocked by this one's failures.
    expect((await send(as('reader@test.perch.local'), '/user/me')).status).toBe(200);
    // Interactive sign-in of the same account and address shares the throttle.
    const login = await fetch(`${s.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'writer@test.perch.local', password: TEST_PASSWORD, organizationId: s.orgId }),
    });
    expect(login.status).toBe(429);
  });

  it('records the account as active (at most once a minute)', async () => {
    expect((await send(as('writer@test.perch.local'), '/user/me')).status).toBe(200);
    await expect
      .poll(async () =>
        s.deps.db.selectFrom('users').select('last_activity_at').where('id', '=', ids.writer!).executeTakeFirst(),
      )
      .toMatchObject({ last_activity_at: expect.any(Date) });
  });
});

describe('no session', () => {
  it('signing out answers 400; the session list is empty', async () => {
    const writer = as('writer@test.perch.local');
    for (const where of ['current', 'all', '00000000-0000-4000-8000-000000000000'])
      expect((await send(writer, `/auth/logout/${where}`)).status, where).toBe(400);
    const sessions = await send(writer, '/user/session');
    expect(sessions.status).toBe(200);
    expect(await sessions.json()).toEqual([]);
  });

  it('interactive sign-in stays refused for service accounts', async () => {
    const login = await fetch(`${s.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'writer@test.perch.local', password: TEST_PASSWORD, organizationId: s.orgId }),
    });
    expect(login.status).toBe(400);
  });
});

describe('the per-user rate limit', () => {
  it('applies to service accounts as to everyone', async () => {
    const limited = await startTestServer({ RATE_LIMIT: '3' }, { reset: false, signIn: false });
    try {
      const writer = as('writer@test.perch.local');
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await fetch(`${limited.url}/user/me`, { headers: { authorization: writer } })).status);
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
