import { randomUUID } from 'node:crypto';
import { PerchClient, verifyTicketWithSecondFactor } from '@perch/client';
import { Role, type MergeRequest } from '@perch/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { purgeExpiredJob } from '../../jobs/purge-expired.js';
import { book, createFloor, wall } from '../../test-support/bookings.js';
import { failure, statusOf } from '../../test-support/http.js';
import { createOrganization } from '../../test-support/organizations.js';
import { endOf, follow, TEST_PUBLIC_URL, verifyTicket } from '../../test-support/provider-sign-in.js';
import { codeAt, enableTotp } from '../../test-support/second-factors.js';
import { ADMIN_EMAIL, startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';

/**
 * Sign-in from the team wiki with tokens the test signs as the wiki's app does, every way a
 * token can be wrong, and merging the account the wiki made into a regular one.
 */

const SECRET = 'wiki-shared-secret-0123456789-abcdef';
let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ PUBLIC_URL: TEST_PUBLIC_URL });
});
afterAll(() => s.close());
beforeEach(async () => {
  await s.reset();
  await s.admin.put('/setting/confluence_server_shared_secret', { value: SECRET });
});

interface TokenOptions {
  secret?: string;
  alg?: 'HS256' | 'HS384' | 'HS512';
  expiresIn?: number | null;
  notBefore?: number;
  issuedAt?: number;
}

/** A token as the wiki's app signs it: `user` and `key` claims, issued now, five minutes long, its own id. */
async function token(user: string, o: TokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({ user, key: `key-${user}` })
    .setProtectedHeader({ alg: o.alg ?? 'HS256', typ: 'JWT' })
    .setJti(randomUUID())
    .setIssuedAt(o.issuedAt ?? now);
  if (o.expiresIn !== null) jwt.setExpirationTime(now + (o.expiresIn ?? 300));
  if (o.notBefore !== undefined) jwt.setNotBefore(now + o.notBefore);
  return jwt.sign(new TextEncoder().encode(o.secret ?? SECRET));
}

const enter = (orgId: string, jwt: string) => follow(s, `${s.url}/confluence/${orgId}/${jwt}`);

/** Signs in from the wiki and redeems the ticket: a client with the session. */
async function wikiSession(user: string, orgId = s.orgId): Promise<PerchClient> {
  const res = await enter(orgId, await token(user));
  expect(res.status).toBe(307);
  const { ticket } = endOf(res.location);
  expect(ticket, res.location).toBeDefined();
  const c = new PerchClient({ baseUrl: s.url });
  c.acceptCredentials(await verifyTicket(s, ticket!));
  return c;
}

async function lastAttempt() {
  return s.deps.db
    .selectFrom('auth_attempts')
    .select(['error_code as errorCode', 'email', 'successful'])
    .where('method', '=', 'confluence')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
}

const me = (c: PerchClient) => c.get<{ id: string; email: string; role: number; atlassianId: string }>('/user/me');

describe('signing in from the wiki', () => {
  it('creates the account on the first visit and finds it again by its wiki identity', async () => {
    const res = await enter(s.orgId, await token('Ann@Test.Perch.Local'));
    expect(res.status).toBe(307);
    const { ticket } = endOf(res.location);
    expect(res.location).toBe(`${TEST_PUBLIC_URL}/ui/login/success/${ticket}/?embedded=1`);
    const first = await verifyTicket(s, ticket!);
    // A repeated request (a reload) within the grace window works too.
    const again = await verifyTicket(s, ticket!);
    expect(again.accessToken).not.toBe(first.accessToken);
    const c = new PerchClient({ baseUrl: s.url });
    c.acceptCredentials(first);
    expect(await me(c)).toMatchObject({
      email: 'ann@test.perch.local',
      role: Role.User,
      atlassianId: 'ann@test.perch.local',
    });
    const again2 = await wikiSession('ann@test.perch.local');
    expect((await me(again2)).id).toBe((await me(c)).id);

    const log = await s.deps.db
      .selectFrom('auth_attempts')
      .select('email')
      .where('method', '=', 'confluence')
      .where('successful', '=', true)
      .execute();
    expect(log.map((a) => a.email)).toContain('ann@test.perch.local');
  });

  it('maps wiki user names, and foreign domains only when an admin turned that on', async () => {
    expect((await me(await wikiSession('jdoe'))).email).toBe('confluence-jdoe@test.perch.local');
    const foreign = await enter(s.orgId, await token('kim@elsewhere.example'));
    expect(endOf(foreign.location).failed?.get('reason')).toBe('login');
    expect(await lastAttempt()).toMatchObject({
      errorCode: 'confluence_domain_not_verified',
      email: 'kim@elsewhere.example',
    });
    await s.admin.put('/setting/confluence_map_foreign_domains', { value: '1' });
    expect((await me(await wikiSession('kim@elsewhere.example'))).email).toBe('kim@test.perch.local');
  });

  it('takes over an existing account by its email, and accepts HS384 and HS512', async () => {
    await s.createUser({ email: 'bea@test.perch.local', role: Role.SpaceAdmin });
    for (const alg of ['HS384', 'HS512'] as const) {
      const res = await enter(s.orgId, await token('bea@test.perch.local', { alg }));
      const c = new PerchClient({ baseUrl: s.url });
      c.acceptCredentials(await verifyTicket(s, endOf(res.location).ticket!));
      expect(await me(c)).toMatchObject({ email: 'bea@test.perch.local', role: Role.SpaceAdmin });
    }
  });

  it('sends every bad token to the failed page and logs it', async () => {
    const other = await createOrganization(s, {
      name: 'Globex',
      domain: 'globex.example',
      adminEmail: 'hank@globex.example',
    });
    await other.admin!.put('/setting/confluence_server_shared_secret', { value: 'globex-secret-0123456789-abcdefgh' });
    const valid = await token('ann@test.perch.local');
    const [header, payload] = valid.split('.');
    const cases: [string, string, string][] = [
      ['garbage', 'not-a-token', 'config'],
      ['wrong signature', `${header}.${payload}.${'A'.repeat(43)}`, 'config'],
      ['another secret', await token('ann@test.perch.local', { secret: 'some-other-secret-0123456789' }), 'config'],
      [
        'other organisation’s secret',
        await token('ann@test.perch.local', { secret: 'globex-secret-0123456789-abcdefgh' }),
        'config',
      ],
      [
        'unsigned (alg none)',
        `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`,
        'config',
      ],
      ['expired', await token('ann@test.perch.local', { expiresIn: -120 }), 'expired'],
      ['not yet valid', await token('ann@test.perch.local', { notBefore: 600 }), 'expired'],
      [
        'issued in the future',
        await token('ann@test.perch.local', { issuedAt: Math.floor(Date.now() / 1000) + 600 }),
        'expired',
      ],
      ['without expiry', await token('ann@test.perch.local', { expiresIn: null }), 'config'],
    ];
    for (const [name, jwt, reason] of cases) {
      const res = await enter(s.orgId, jwt);
      expect(res.status, name).toBe(307);
      expect(endOf(res.location).failed?.get('reason'), name).toBe(reason);
    }
    const logged = await s.deps.db
      .selectFrom('auth_attempts')
      .select('id')
      .where('method', '=', 'confluence')
      .where('error_code', '=', 'confluence_jwt_invalid')
      .execute();
    expect(logged).toHaveLength(cases.length);
    expect(
      await s.deps.db.selectFrom('users').select('id').where('email', '=', 'ann@test.perch.local').execute(),
    ).toEqual([]);
  });

  it('answers 404 for an unknown organisation and 400 while there is no shared secret', async () => {
    const jwt = await token('ann@test.perch.local');
    expect((await enter('00000000-0000-4000-8000-000000000000', jwt)).status).toBe(404);
    expect((await enter('not-an-id', jwt)).status).toBe(404);
    await s.admin.put('/setting/confluence_server_shared_secret', { value: '' });
    expect((await enter(s.orgId, jwt)).status).toBe(400);
  });

  it('lets anonymous visitors in only when allowed, and removes them a day after their visit', async () => {
    const refused = await enter(s.orgId, await token(''));
    expect(refused.location).toBe(`${TEST_PUBLIC_URL}/ui/login/confluence/anonymous`);
    await s.admin.put('/setting/confluence_anonymous', { value: '1' });
    const visitor = await wikiSession('');
    const { email, id } = await me(visitor);
    expect(email).toMatch(/^confluence-anonymous-[0-9a-f-]{36}@test\.perch\.local$/);
    const floor = await createFloor(s, { desks: 1 });
    await book(visitor, floor.spaces[0]!, wall('Europe/Berlin', 1, 9), wall('Europe/Berlin', 1, 10));

    await purgeExpiredJob.run(s.deps);
    expect(await statusOf(s.admin.get(`/user/${id}`))).toBe(200);
    await s.deps.db
      .updateTable('users')
      .set({ last_activity_at: new Date(Date.now() - 25 * 3600_000) })
      .where('id', '=', id)
      .execute();
    await purgeExpiredJob.run(s.deps);
    expect(await statusOf(s.admin.get(`/user/${id}`))).toBe(404);
    expect(await s.deps.db.selectFrom('bookings').select('id').where('user_id', '=', id).execute()).toEqual([]);
  });

  it('refuses disabled accounts, also when their ticket is redeemed', async () => {
    const res = await enter(s.orgId, await token('dan@test.perch.local'));
    const ticket = endOf(res.location).ticket!;
    await s.deps.db.updateTable('users').set({ disabled: true }).where('email', '=', 'dan@test.perch.local').execute();
    expect((await failure(verifyTicket(s, ticket))).status).toBe(404);
    const again = await enter(s.orgId, await token('dan@test.perch.local'));
    expect(endOf(again.location).failed?.get('reason')).toBe('login');
  });
});

describe('what the wiki may not do', () => {
  it('never signs in the super admin, nor anyone above the role of the admin who set the secret', async () => {
    // The super admin's address is on a verified domain of the organisation.
    await s.admin.post(`/organization/${s.orgId}/domain/${ADMIN_EMAIL.split('@')[1]}`);
    const before = await s.deps.db
      .selectFrom('users')
      .select('atlassian_id')
      .where('email', '=', ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    const res = await enter(s.orgId, await token(ADMIN_EMAIL));
    expect(endOf(res.location).failed?.get('reason')).toBe('login');
    expect(await lastAttempt()).toMatchObject({ errorCode: 'idp_role_too_high', email: ADMIN_EMAIL });
    const after = await s.deps.db
      .selectFrom('users')
      .select('atlassian_id')
      .where('email', '=', ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);

    // An org admin set the secret (as in beforeEach a super admin did, the reach is the setter's).
    await s.createUser({ email: 'oa@test.perch.local', role: Role.OrgAdmin });
    const oa = await s.signIn('oa@test.perch.local');
    await oa.put('/setting/confluence_server_shared_secret', { value: SECRET });
    await s.createUser({ email: 'boss@test.perch.local', role: Role.OrgAdmin });
    const ticket = endOf((await enter(s.orgId, await token('boss@test.perch.local'))).location).ticket!;
    // As if a space admin had set it (only org admins can; the rule holds for any role).
    await s.deps.db.updateTable('organizations').set({ wiki_configured_by_role: Role.SpaceAdmin }).execute();
    expect((await failure(verifyTicket(s, ticket))).status).toBe(403);
    const refused = await enter(s.orgId, await token('boss@test.perch.local'));
    expect(endOf(refused.location).failed?.get('reason')).toBe('login');
    expect((await lastAttempt()).errorCode).toBe('idp_role_too_high');
  });

  it("does not take an outside address's local part for the organisation's (admin@gmail is not our admin)", async () => {
    const id = await s.createUser({ email: 'admin@test.perch.local', role: Role.OrgAdmin });
    const res = await enter(s.orgId, await token('admin@gmail.example'));
    expect(endOf(res.location).ticket).toBeUndefined();
    expect((await lastAttempt()).errorCode).toBe('confluence_domain_not_verified');
    const row = await s.deps.db
      .selectFrom('users')
      .select('atlassian_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.atlassian_id).toBeNull();
  });

  it('lets each token in once, and none that lives more than ten minutes', async () => {
    const jwt = await token('ann@test.perch.local');
    expect(endOf((await enter(s.orgId, jwt)).location).ticket).toBeDefined();
    const replay = await enter(s.orgId, jwt);
    expect(endOf(replay.location).failed?.get('reason')).toBe('expired');
    expect((await lastAttempt()).errorCode).toBe('confluence_jwt_replayed');

    const long = await enter(s.orgId, await token('ann@test.perch.local', { expiresIn: 3600 }));
    expect(endOf(long.location).failed?.get('reason')).toBe('config');
    expect((await lastAttempt()).errorCode).toBe('confluence_jwt_expiry_too_far');
    // Ten minutes is fine.
    expect(
      endOf((await enter(s.orgId, await token('ann@test.perch.local', { expiresIn: 600 }))).location).ticket,
    ).toBeDefined();
    // Used tokens are forgotten once expired.
    await s.deps.db
      .updateTable('wiki_token_uses')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    await purgeExpiredJob.run(s.deps);
    expect(await s.deps.db.selectFrom('wiki_token_uses').select('digest').execute()).toEqual([]);
  });

  it("asks for the account's own second factor after the wiki", async () => {
    const secret = await enableTotp(await wikiSession('ann@test.perch.local'));
    const ticket = endOf((await enter(s.orgId, await token('ann@test.perch.local'))).location).ticket!;
    expect((await failure(verifyTicket(s, ticket))).status).toBe(401);
    expect((await lastAttempt()).errorCode).toBe('second_factor_required');
    const c = s.client();
    const signedIn = await verifyTicketWithSecondFactor(c, ticket, { code: await codeAt(secret, 1) });
    expect(signedIn.status).toBe('signedIn');
    expect((await me(c)).email).toBe('ann@test.perch.local');
  });

  it('takes no shared secret shorter than 32 bytes, and refuses tokens of a short one stored before', async () => {
    const short = await failure(s.admin.put('/setting/confluence_server_shared_secret', { value: 'x'.repeat(31) }));
    expect(short.status).toBe(400);
    expect(short.message).toMatch(/at least 32 bytes/);
    await s.deps.db
      .updateTable('settings')
      .set({ value: s.deps.secrets.encrypt('short-secret') })
      .where('name', '=', 'confluence_server_shared_secret')
      .execute();
    const res = await enter(s.orgId, await token('ann@test.perch.local', { secret: 'short-secret' }));
    expect(endOf(res.location).failed?.get('reason')).toBe('config');
    expect((await lastAttempt()).errorCode).toBe('confluence_secret_too_short');
  });
});

describe('framing by the wiki', () => {
  const frameAncestors = async (path: string) => {
    const res = await fetch(`${s.url}${path}`);
    await res.body?.cancel();
    const csp = res.headers.get('content-security-policy') ?? '';
    return { ancestors: /frame-ancestors ([^;]*)/.exec(csp)?.[1], xfo: res.headers.get('x-frame-options') };
  };

  it('lets the organisation’s wiki origins frame the web app’s pages, and nobody else', async () => {
    expect(await frameAncestors('/ui/')).toEqual({ ancestors: "'self'", xfo: 'SAMEORIGIN' });
    await s.admin.put('/setting/confluence_frame_origins', {
      value: 'https://Wiki.Example.com:443, http://127.0.0.1:9999/ https://wiki.example.com',
    });
    expect(await s.admin.get('/setting/confluence_frame_origins')).toBe(
      'https://wiki.example.com http://127.0.0.1:9999',
    );
    expect(await frameAncestors('/ui/search')).toEqual({
      ancestors: "'self' https://wiki.example.com http://127.0.0.1:9999",
      xfo: null,
    });
    // API answers are no pages to frame.
    expect((await frameAncestors('/healthcheck')).ancestors).toBe("'self'");
    for (const bad of [
      'https://wiki.example.com/pages',
      '*',
      'https://*.example.com',
      'wiki.example.com',
      'ftp://wiki.example.com',
      'https://wiki.example.com?x=1',
    ])
      expect(await statusOf(s.admin.put('/setting/confluence_frame_origins', { value: bad })), bad).toBe(400);
    await s.admin.put('/setting/confluence_frame_origins', { value: '' });
    expect(await frameAncestors('/ui/')).toEqual({ ancestors: "'self'", xfo: 'SAMEORIGIN' });
  });
});

describe('merging the wiki account into a regular one', () => {
  it('moves bookings, buddies, groups, the wiki identity and the higher role, and removes the wiki account', async () => {
    const wiki = await wikiSession('jdoe');
    const source = await me(wiki);
    await s.createUser({ email: 'john@test.perch.local', role: Role.User });
    await s.createUser({ email: 'pal@test.perch.local' });
    const john = await s.signIn('john@test.perch.local');
    const group = (await s.admin.post('/group/', { name: 'Wiki people' })).objectId!;
    await s.admin.put(`/group/${group}/member`, [source.id]);
    await s.admin.put(`/user/${source.id}`, { email: source.email, role: Role.SpaceAdmin });
    const floor = await createFloor(s, { desks: 1 });
    const booking = await book(wiki, floor.spaces[0]!, wall('Europe/Berlin', 1, 9), wall('Europe/Berlin', 1, 10));
    await s.admin.put('/setting/show_names', { value: '1' });
    await wiki.post('/buddy/', { buddyEmail: 'pal@test.perch.local' });

    await wiki.post('/user/merge/init', { email: 'john@test.perch.local' });
    const requests = await john.get<MergeRequest[]>('/user/merge');
    // Who asks, and what would move.
    expect(requests).toEqual([
      {
        id: expect.any(String),
        userId: source.id,
        email: source.email,
        wikiIdentity: source.email,
        moves: { bookings: 1, series: 0, buddies: 1, groups: 1 },
        expiresAt: expect.any(String),
      },
    ]);
    // Accepting asks the accepting account's password: none or a wrong one moves nothing.
    const finish = `/user/merge/finish/${requests[0]!.id}`;
    expect((await failure(john.post(finish))).status).toBe(403);
    expect((await failure(john.post(finish, { password: 'Wrong!pass1', moveWikiIdentity: true }))).status).toBe(403);
    expect(await statusOf(s.admin.get(`/user/${source.id}`))).toBe(200);
    expect((await john.post(finish, { password: TEST_PASSWORD, moveWikiIdentity: true })).status).toBe(204);

    const merged = await me(john);
    expect(merged).toMatchObject({ role: Role.SpaceAdmin, atlassianId: source.email });
    expect((await john.get<{ id: string }[]>('/booking/')).map((b) => b.id)).toEqual([booking]);
    expect((await john.get<{ buddyEmail: string }[]>('/buddy/')).map((b) => b.buddyEmail)).toEqual([
      'pal@test.perch.local',
    ]);
    expect((await s.admin.get<{ id: string }[]>(`/group/${group}/member`)).map((m) => m.id)).toEqual([merged.id]);
    expect(await statusOf(s.admin.get(`/user/${source.id}`))).toBe(404);
    expect(await statusOf(wiki.get('/user/me'))).toBe(401);
    // The request is used up, and later wiki sign-ins land on the regular account.
    expect((await failure(john.post(finish, { password: TEST_PASSWORD }))).status).toBe(404);
    expect((await me(await wikiSession('jdoe'))).id).toBe(merged.id);
  });

  it('moves the wiki identity only when the accepting account says so', async () => {
    const wiki = await wikiSession('jdoe');
    const source = await me(wiki);
    const johnId = await s.createUser({ email: 'john@test.perch.local' });
    const john = await s.signIn('john@test.perch.local');
    await wiki.post('/user/merge/init', { email: 'john@test.perch.local' });
    const [request] = await john.get<MergeRequest[]>('/user/merge');
    expect((await john.post(`/user/merge/finish/${request!.id}`, { password: TEST_PASSWORD })).status).toBe(204);
    expect(await statusOf(s.admin.get(`/user/${source.id}`))).toBe(404);
    expect((await me(john)).atlassianId).toBe('');
    // The wiki identity went with the removed account: the wiki's next visit makes a new one.
    const again = await me(await wikiSession('jdoe'));
    expect(again.id).not.toBe(johnId);
    expect(again.email).toBe(source.email);
  });

  it('asks an account without a password to have signed in within ten minutes', async () => {
    const asking = await wikiSession('jdoe');
    const target = await wikiSession('mary');
    await asking.post('/user/merge/init', { email: (await me(target)).email });
    const [request] = await target.get<MergeRequest[]>('/user/merge');
    await s.deps.db
      .updateTable('sessions')
      .set({ created_at: new Date(Date.now() - 11 * 60_000) })
      .execute();
    expect((await failure(target.post(`/user/merge/finish/${request!.id}`))).status).toBe(403);
    const fresh = await wikiSession('mary');
    expect((await fresh.post(`/user/merge/finish/${request!.id}`, { moveWikiIdentity: true })).status).toBe(204);
  });

  it('refuses requests from regular accounts, to nobody, expired, foreign and used ones', async () => {
    await s.createUser({ email: 'john@test.perch.local' });
    await s.createUser({ email: 'eve@test.perch.local' });
    const john = await s.signIn('john@test.perch.local');
    const eve = await s.signIn('eve@test.perch.local');
    expect((await failure(eve.post('/user/merge/init', { email: 'john@test.perch.local' }))).status).toBe(403);

    const wiki = await wikiSession('jdoe');
    const source = await me(wiki);
    for (const email of ['nobody@test.perch.local', source.email, 'hank@globex.example'])
      expect((await failure(wiki.post('/user/merge/init', { email }))).status, email).toBe(404);
    expect(await statusOf(wiki.post('/user/merge/init', { email: 'not an address' }))).toBe(400);

    await wiki.post('/user/merge/init', { email: 'john@test.perch.local' });
    const [request] = await john.get<MergeRequest[]>('/user/merge');
    // Someone else cannot accept it; the source cannot accept its own.
    expect((await failure(eve.post(`/user/merge/finish/${request!.id}`))).status).toBe(404);
    expect((await failure(wiki.post(`/user/merge/finish/${request!.id}`))).status).toBe(404);
    await s.deps.db
      .updateTable('merge_requests')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await failure(john.post(`/user/merge/finish/${request!.id}`))).status).toBe(404);
    expect(await statusOf(s.admin.get(`/user/${source.id}`))).toBe(200);
    expect((await failure(john.post('/user/merge/finish/00000000-0000-4000-8000-000000000000'))).status).toBe(404);
  });

  it('can be declined by the other account or withdrawn, and then cannot be accepted', async () => {
    await s.createUser({ email: 'john@test.perch.local' });
    await s.createUser({ email: 'eve@test.perch.local' });
    const john = await s.signIn('john@test.perch.local');
    const eve = await s.signIn('eve@test.perch.local');
    const wiki = await wikiSession('jdoe');
    await wiki.post('/user/merge/init', { email: 'john@test.perch.local' });
    const [first] = await john.get<MergeRequest[]>('/user/merge');
    expect((await failure(eve.request('DELETE', `/user/merge/${first!.id}`))).status).toBe(404);
    expect((await john.request('DELETE', `/user/merge/${first!.id}`)).status).toBe(204);
    expect(await john.get('/user/merge')).toEqual([]);
    expect((await failure(john.post(`/user/merge/finish/${first!.id}`))).status).toBe(404);
    await wiki.post('/user/merge/init', { email: 'john@test.perch.local' });
    const [second] = await john.get<MergeRequest[]>('/user/merge');
    expect((await wiki.request('DELETE', `/user/merge/${second!.id}`)).status).toBe(204);
    expect(await john.get('/user/merge')).toEqual([]);
  });
});
