import { PerchClient } from '@perch/client';
import type { User } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authContextOf } from '../../test-support/auth.js';
import { failure, rawRequest, statusOf } from '../../test-support/http.js';
import { ADMIN_EMAIL, startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';
import { updateUserAccount } from './service.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

async function orgAdmin(): Promise<{ id: string; c: PerchClient }> {
  const id = await s.createUser({ email: 'oa@test.perch.local', role: 20 });
  return { id, c: await s.signIn('oa@test.perch.local') };
}

describe('creating users', () => {
  it('creates a user (201 + X-Object-Id) that can be read back', async () => {
    const res = await s.admin.post('/user/', {
      email: 'Ada.Lovelace@Test.Perch.Local',
      firstname: 'Ada',
      lastname: 'Lovelace',
      role: 10,
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(201);
    expect(res.objectId).toMatch(/^[0-9a-f-]{36}$/);
    const u = await s.admin.get<User>(`/user/${res.objectId}`);
    expect(u).toMatchObject({
      email: 'ada.lovelace@test.perch.local',
      firstname: 'Ada',
      role: 10,
      spaceAdmin: true,
      admin: false,
      requirePassword: true,
      password: '',
    });
  });

  it('refuses a duplicate email in the organisation with 409 + 3001, case-insensitively', async () => {
    await s.createUser({ email: 'dup@test.perch.local' });
    const err = await failure(
      s.admin.post('/user/', { firstname: 'Test', lastname: 'User', email: 'DUP@test.perch.local', role: 0 }),
    );
    expect(err.status).toBe(409);
    expect(err.appCode).toBe(3001);
  });

  it('validates email, names and password strength', async () => {
    expect(
      await statusOf(s.admin.post('/user/', { firstname: 'Test', lastname: 'User', email: 'not-an-email', role: 0 })),
    ).toBe(400);
    expect(await statusOf(s.admin.post('/user/', { email: 'a@b.org', firstname: 'X', role: 0 }))).toBe(400);
    expect(
      await statusOf(
        s.admin.post('/user/', {
          firstname: 'Test',
          lastname: 'User',
          email: 'a@b.org',
          role: 0,
          password: 'weakpassword',
        }),
      ),
    ).toBe(400);
    expect(
      await statusOf(s.admin.post('/user/', { firstname: 'Test', lastname: 'User', email: 'a@b.org', role: 7 })),
    ).toBe(400);
    expect(await statusOf(s.admin.post('/user/', { firstname: 'Test', lastname: 'User', role: 0 }))).toBe(400);
    // Names are optional; a name that is given must be valid, on create and on update.
    for (const names of [{ firstname: 'x' }, { lastname: '@@@' }, { firstname: 'Ada', lastname: 'x' }])
      expect(await statusOf(s.admin.post('/user/', { ...names, email: 'named@test.perch.local', role: 0 }))).toBe(400);
    const id = (
      await s.admin.post('/user/', { firstname: 'Ada', lastname: 'Lovelace', email: 'named@test.perch.local', role: 0 })
    ).objectId!;
    expect(
      await statusOf(s.admin.put(`/user/${id}`, { email: 'named@test.perch.local', role: 0, lastname: 'x' })),
    ).toBe(400);
    expect((await s.admin.get<User>(`/user/${id}`)).lastname).toBe('Lovelace');
  });

  it('creates users without names: absent or empty names are stored as empty', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{}, '', ''],
      [{ firstname: 'Ada' }, 'Ada', ''],
      [{ lastname: 'Lovelace' }, '', 'Lovelace'],
      [{ firstname: ' ', lastname: '' }, '', ''],
    ];
    for (const [i, [names, firstname, lastname]] of cases.entries()) {
      const res = await s.admin.post('/user/', { ...names, email: `nameless${i}@test.perch.local`, role: 0 });
      expect(res.status).toBe(201);
      expect(await s.admin.get<User>(`/user/${res.objectId}`)).toMatchObject({ firstname, lastname });
    }
  });

  it("never grants a role above the creator's own (falls back to 0), but org admins may create service accounts", async () => {
    const { c } = await orgAdmin();
    const up = await c.post('/user/', {
      firstname: 'Test',
      lastname: 'User',
      email: 'boss@test.perch.local',
      role: 90,
    });
    expect((await s.admin.get<User>(`/user/${up.objectId}`)).role).toBe(0);
    const svc = await c.post('/user/', {
      firstname: 'Test',
      lastname: 'User',
      email: 'robot@test.perch.local',
      role: 22,
    });
    expect((await s.admin.get<User>(`/user/${svc.objectId}`)).role).toBe(22);
  });

  it('is for org admins only', async () => {
    await s.createUser({ email: 'sa@test.perch.local', role: 10 });
    const sa = await s.signIn('sa@test.perch.local');
    expect(
      await statusOf(sa.post('/user/', { firstname: 'Test', lastname: 'User', email: 'x@test.perch.local', role: 0 })),
    ).toBe(403);
    expect(await statusOf(sa.get('/user/count'))).toBe(403);
    expect(Array.isArray(await sa.get('/user/'))).toBe(true);
    await s.createUser({ email: 'u@test.perch.local' });
    const u = await s.signIn('u@test.perch.local');
    expect(await statusOf(u.get('/user/'))).toBe(403);
  });
});

describe('updating users', () => {
  it('keeps your own role: nobody changes their own role', async () => {
    const { id, c } = await orgAdmin();
    await c.put(`/user/${id}`, { email: 'oa@test.perch.local', role: 0, firstname: 'Org', lastname: 'Admin' });
    expect((await s.admin.get<User>(`/user/${id}`)).role).toBe(20);
  });

  it('keeps the old role when a higher one is requested', async () => {
    const { c } = await orgAdmin();
    const target = await s.createUser({ email: 't@test.perch.local', role: 10 });
    await c.put(`/user/${target}`, { firstname: 'Test', lastname: 'User', email: 't@test.perch.local', role: 90 });
    expect((await s.admin.get<User>(`/user/${target}`)).role).toBe(10);
    await c.put(`/user/${target}`, { firstname: 'Test', lastname: 'User', email: 't@test.perch.local', role: 20 });
    expect((await s.admin.get<User>(`/user/${target}`)).role).toBe(20);
  });

  it('lets org admins manage service accounts', async () => {
    const { c } = await orgAdmin();
    const robot = (
      await c.post('/user/', { firstname: 'Test', lastname: 'User', email: 'robot@test.perch.local', role: 22 })
    ).objectId!;
    expect((await c.get<User>(`/user/${robot}`)).role).toBe(22);
    await c.put(`/user/${robot}`, { firstname: 'Test', lastname: 'User', email: 'robot2@test.perch.local', role: 22 });
    await c.delete(`/user/${robot}`);
  });

  it('lists the groups of a user', async () => {
    const id = await s.createUser({ email: 'member@test.perch.local' });
    const g = (await s.admin.post('/group/', { name: 'Members' })).objectId!;
    await s.admin.put(`/group/${g}/member`, [id]);
    expect((await s.admin.get<{ name: string }[]>(`/user/${id}/group`)).map((x) => x.name)).toEqual(['Members']);
  });

  it('does not let an org admin touch a super admin', async () => {
    const { c } = await orgAdmin();
    const me = await s.admin.get<User>('/user/me');
    expect(
      await statusOf(c.put(`/user/${me.id}`, { firstname: 'Test', lastname: 'User', email: ADMIN_EMAIL, role: 0 })),
    ).toBe(403);
    expect(await statusOf(c.put(`/user/${me.id}/password`, { password: 'Taken!over1' }))).toBe(403);
    expect(await statusOf(c.delete(`/user/${me.id}`))).toBe(403);
  });

  it('refuses an email that another user has (409 + 3001) and unknown ids (404)', async () => {
    const a = await s.createUser({ email: 'a@test.perch.local' });
    await s.createUser({ email: 'b@test.perch.local' });
    const err = await failure(
      s.admin.put(`/user/${a}`, { firstname: 'Test', lastname: 'User', email: 'b@test.perch.local', role: 0 }),
    );
    expect([err.status, err.appCode]).toEqual([409, 3001]);
    expect(
      await statusOf(
        s.admin.put('/user/00000000-0000-4000-8000-000000000000', {
          firstname: 'Test',
          lastname: 'User',
          email: 'z@test.perch.local',
          role: 0,
        }),
      ),
    ).toBe(404);
    expect(await statusOf(s.admin.get('/user/nope'))).toBe(404);
  });

  it('signs the user out everywhere when an admin sets a new password, and asks for a change', async () => {
    const id = await s.createUser({ email: 'p@test.perch.local' });
    const u = await s.signIn('p@test.perch.local');
    await s.admin.put(`/user/${id}/password`, { password: 'Brand!new22' });
    expect(await statusOf(u.get('/user/me'))).toBe(401);
    const err = await failure(s.signIn('p@test.perch.local', 'Brand!new22'));
    expect([err.status, err.appCode]).toEqual([401, 5001]);
  });

  it('lets users change their own password (sessions end, no forced change)', async () => {
    await s.createUser({ email: 'self@test.perch.local' });
    const u = await s.signIn('self@test.perch.local');
    expect(await statusOf(u.put('/user/me/password', { password: 'short' }))).toBe(400);
    await u.put('/user/me/password', { password: 'Mine!new123' });
    expect(await statusOf(u.get('/user/me'))).toBe(401);
    await expect(s.signIn('self@test.perch.local', 'Mine!new123')).resolves.toBeInstanceOf(PerchClient);
    const other = await s.createUser({ email: 'other@test.perch.local' });
    const u2 = await s.signIn('self@test.perch.local', 'Mine!new123');
    expect(await statusOf(u2.put(`/user/${other}/password`, { password: 'Mine!new123' }))).toBe(403);
  });
});

describe('names on update', () => {
  it('clears names sent empty, keeps names left out, and refuses invalid ones', async () => {
    const id = await s.createUser({ email: 'ada@test.perch.local', firstname: 'Ada', lastname: 'Lovelace' });
    const admin = await authContextOf(s.deps.db, (await s.admin.get<User>('/user/me')).id);
    // Left out (the operation sees no name): the stored names stay.
    await updateUserAccount(s.deps, admin, { id, user: { email: 'ada@test.perch.local', role: 0 } });
    expect(await s.admin.get<User>(`/user/${id}`)).toMatchObject({ firstname: 'Ada', lastname: 'Lovelace' });
    await updateUserAccount(s.deps, admin, {
      id,
      user: { email: 'ada@test.perch.local', role: 0, firstname: 'Augusta' },
    });
    expect(await s.admin.get<User>(`/user/${id}`)).toMatchObject({ firstname: 'Augusta', lastname: 'Lovelace' });
    await expect(
      updateUserAccount(s.deps, admin, { id, user: { email: 'ada@test.perch.local', role: 0, firstname: '@@@' } }),
    ).rejects.toMatchObject({ statusCode: 400, message: 'A valid first name is required' });
    // Over HTTP too: a SPEC client that sends no names keeps them.
    await s.admin.put(`/user/${id}`, { email: 'ada@test.perch.local', role: 0 });
    expect(await s.admin.get<User>(`/user/${id}`)).toMatchObject({ firstname: 'Augusta', lastname: 'Lovelace' });
    // Sent empty: cleared.
    await s.admin.put(`/user/${id}`, { email: 'ada@test.perch.local', role: 0, firstname: '', lastname: '' });
    expect(await s.admin.get<User>(`/user/${id}`)).toMatchObject({ firstname: '', lastname: '' });
    const err = await failure(s.admin.put(`/user/${id}`, { email: 'ada@test.perch.local', role: 0, firstname: 'x' }));
    expect([err.status, err.message]).toEqual([400, 'A valid first name is required']);
  });
});

describe('deleting and listing users', () => {
  it('deletes a user, but never yourself', async () => {
    const id = await s.createUser({ email: 'gone@test.perch.local' });
    await s.admin.delete(`/user/${id}`);
    expect(await statusOf(s.admin.get(`/user/${id}`))).toBe(404);
    const me = await s.admin.get<User>('/user/me');
    expect(await statusOf(s.admin.delete(`/user/${me.id}`))).toBe(403);
    expect(await statusOf(s.admin.delete(`/user/${id}`))).toBe(404);
  });

  it('searches by email and names and counts', async () => {
    await s.createUser({ email: 'grace@test.perch.local', firstname: 'Grace', lastname: 'Hopper' });
    await s.createUser({ email: 'alan@test.perch.local', firstname: 'Alan', lastname: 'Turing' });
    const hits = await s.admin.get<User[]>('/user/', { q: 'hopp' });
    expect(hits.map((u) => u.email)).toEqual(['grace@test.perch.local']);
    const all = await s.admin.get<User[]>('/user/');
    expect(all.map((u) => u.email)).toEqual([ADMIN_EMAIL, 'alan@test.perch.local', 'grace@test.perch.local'].sort());
    expect(await s.admin.get('/user/count')).toEqual({ count: 3 });
    const page = await s.admin.request<User[]>('GET', '/user/', { query: { limit: 1, offset: 1 } });
    expect(page.data).toHaveLength(1);
    expect(page.headers.get('x-total-count')).toBe('3');
    const byName = await s.admin.get<User[]>('/user/', { sort: 'name', order: 'desc' });
    expect(byName.map((u) => u.lastname)).toEqual(['Turing', 'Hopper', '']);
    const searched = await s.admin.request<User[]>('GET', '/user/', { query: { q: 'o', limit: 1 } });
    expect(searched.headers.get('x-total-count')).toBe(
      String(all.filter((u) => /o/i.test(u.email + u.firstname + u.lastname)).length),
    );
  });

  it('looks users up by email: admins always, others only with show_names (and never themselves)', async () => {
    await s.createUser({ email: 'look@test.perch.local', role: 0 });
    await s.createUser({ email: 'me@test.perch.local', role: 0 });
    const me = await s.signIn('me@test.perch.local');
    expect((await s.admin.get<User>('/user/byEmail/look@test.perch.local')).email).toBe('look@test.perch.local');
    expect(await statusOf(me.get('/user/byEmail/look@test.perch.local'))).toBe(403);
    await s.admin.put('/setting/show_names', { value: '1' });
    const seen = await me.get<User>('/user/byEmail/look@test.perch.local');
    expect(seen.email).toBe('look@test.perch.local');
    expect(seen.lastActivity).toBeNull();
    expect(await statusOf(me.get('/user/byEmail/me@test.perch.local'))).toBe(404);
    expect(await statusOf(me.get('/user/byEmail/nobody@test.perch.local'))).toBe(404);
  });

  it('/user/me shows the organisation and whether the request came in on the primary domain', async () => {
    const me = await s.admin.get<User & { isPrimaryDomain: boolean }>('/user/me');
    expect(me.organization).toMatchObject({ id: s.orgId, name: 'Test Org' });
    expect(me.isPrimaryDomain).toBe(false);
    const onPrimary = await rawRequest(`${s.url}/user/me`, {
      headers: { authorization: `Bearer ${s.admin.store.load()!.accessToken}`, host: 'test.perch.local' },
    });
    expect((JSON.parse(onPrimary.body) as { isPrimaryDomain: boolean }).isPrimaryDomain).toBe(true);
  });

  it('/user/me names the sign-in provider an account is bound to in signInProviderId, authProviderId staying empty', async () => {
    const providerId = (
      await s.admin.post('/auth-provider/', {
        name: 'Company ID',
        providerType: 1,
        authUrl: 'https://idp.example.com/authorize',
        tokenUrl: 'https://idp.example.com/token',
        userInfoUrl: 'https://idp.example.com/userinfo',
        scopes: 'openid,email',
        userInfoEmailField: 'email',
        clientId: 'perch',
        clientSecret: 'secret',
      })
    ).objectId as string;
    const id = await s.createUser({ email: 'linked@test.perch.local' });
    const linked = await s.signIn('linked@test.perch.local');
    type Me = User & { signInProviderId: string };
    expect((await linked.get<Me>('/user/me')).signInProviderId).toBe('');
    // As linking does: the account keeps its session and is bound to the provider.
    await s.deps.db.updateTable('users').set({ auth_provider_id: providerId }).where('id', '=', id).execute();
    const me = await linked.get<Me>('/user/me');
    expect(me.signInProviderId).toBe(providerId);
    expect(me.authProviderId).toBe('');
  });
});
