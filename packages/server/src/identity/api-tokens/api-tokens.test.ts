import type { ApiError, PerchClient } from '@perch/client';
import { Role } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOrganization } from '../../test-support/organizations.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

/**
 * `/user/{id}/api-token`: org admins make, read and revoke the API token
 * of a service account, and the token authenticates the account's requests as a bearer.
 */

let s: TestServer;
let orgAdmin: PerchClient;
let spaceAdmin: PerchClient;
let user: PerchClient;
let foreignAdmin: PerchClient;
let foreignOrg: string;
const ids: Record<string, string> = {};

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

interface Answer {
  status: number;
  body: unknown;
  message: string;
}

async function answer(c: PerchClient, method: string, path: string): Promise<Answer> {
  try {
    const res = await c.request(method, path);
    return { status: res.status, body: res.data, message: '' };
  } catch (e) {
    const err = e as ApiError;
    return { status: err.status, body: err.body, message: err.message };
  }
}

const statusOf = async (c: PerchClient, method: string, path: string) => (await answer(c, method, path)).status;

/** A request that authenticates with an API token. */
const withToken = (token: string, path: string, init: RequestInit = {}) =>
  fetch(s.url + path, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });

async function newToken(c: PerchClient, id: string): Promise<string> {
  const res = await answer(c, 'POST', `/user/${id}/api-token`);
  expect(res.status).toBe(200);
  return (res.body as { token: string }).token;
}

const tokenColumns = (id: string) =>
  s.deps.db
    .selectFrom('users')
    .select(['api_token_hash', 'api_token_created_at', 'api_token_last_used_at', 'last_activity_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

beforeEach(async () => {
  await s.reset();
  const roles = [
    ['orgadmin', Role.OrgAdmin],
    ['spaceadmin', Role.SpaceAdmin],
    ['user', Role.User],
    ['reader', Role.ServiceAccountReadOnly],
    ['writer', Role.ServiceAccountReadWrite],
  ] as const;
  for (const [name, role] of roles) ids[name] = await s.createUser({ email: `${name}@test.perch.local`, role });
  orgAdmin = await s.signIn('orgadmin@test.perch.local');
  spaceAdmin = await s.signIn('spaceadmin@test.perch.local');
  user = await s.signIn('user@test.perch.local');
  const other = await createOrganization(s, { name: 'Globex', adminEmail: 'admin@globex.example' });
  foreignAdmin = other.admin!;
  foreignOrg = other.id;
});

describe('managing the token', () => {
  it('starts without one, and a new one is 64 hex characters, shown once, with its creation time', async () => {
    expect(await answer(orgAdmin, 'GET', `/user/${ids.writer}/api-token`)).toMatchObject({
      status: 200,
      body: { configured: false, createdAt: null, lastUsedAt: null },
    });
    const before = Date.now();
    const token = await newToken(orgAdmin, ids.writer!);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const state = (await answer(orgAdmin, 'GET', `/user/${ids.writer}/api-token`)).body as {
      configured: boolean;
      createdAt: string;
      lastUsedAt: string | null;
    };
    expect(state.configured).toBe(true);
    expect(Date.parse(state.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(state.lastUsedAt).toBeNull();
    // Only the SHA-256 is kept, never the token.
    const stored = await tokenColumns(ids.writer!);
    expect(stored.api_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.api_token_hash).not.toBe(token);
    expect(JSON.stringify(state)).not.toContain(token);
  });

  it('replacing a token makes the old one stop working at once', async () => {
    const first = await newToken(orgAdmin, ids.writer!);
    expect((await withToken(first, '/user/me')).status).toBe(200);
    const second = await newToken(orgAdmin, ids.writer!);
    expect(second).not.toBe(first);
    expect((await withToken(first, '/user/me')).status).toBe(401);
    expect((await withToken(second, '/user/me')).status).toBe(200);
  });

  it('revoking is idempotent and the token stops working at once', async () => {
    const token = await newToken(orgAdmin, ids.reader!);
    expect((await withToken(token, '/user/me')).status).toBe(200);
    expect(await statusOf(orgAdmin, 'DELETE', `/user/${ids.reader}/api-token`)).toBe(204);
    expect((await withToken(token, '/user/me')).status).toBe(401);
    expect(await statusOf(orgAdmin, 'DELETE', `/user/${ids.reader}/api-token`)).toBe(204);
    expect(await answer(orgAdmin, 'GET', `/user/${ids.reader}/api-token`)).toMatchObject({
      body: { configured: false, createdAt: null, lastUsedAt: null },
    });
  });

  it('is for org admins of the account: 403 for others first, then 404 for unknown or foreign accounts', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const path = `/user/${ids.writer}/api-token`;
      expect(await statusOf(user, method, path), method).toBe(403);
      expect(await statusOf(spaceAdmin, method, path), method).toBe(403);
      expect(await statusOf(spaceAdmin, method, `/user/${UNKNOWN}/api-token`), method).toBe(403);
      expect(await statusOf(orgAdmin, method, `/user/${UNKNOWN}/api-token`), method).toBe(404);
      expect(await statusOf(orgAdmin, method, '/user/not-a-uuid/api-token'), method).toBe(404);
      expect(await statusOf(foreignAdmin, method, path), method).toBe(404);
      expect(await statusOf(s.client(), method, path), method).toBe(401);
    }
    expect((await tokenColumns(ids.writer!)).api_token_hash).toBeNull();
    // The super admin reaches every organisation.
    expect(await statusOf(s.admin, 'GET', `/user/${ids.writer}/api-token`)).toBe(200);
  });

  it('answers 400 for a user who is no service account', async () => {
    for (const id of [ids.user, ids.orgadmin, ids.spaceadmin])
      for (const method of ['GET', 'POST', 'DELETE'])
        expect(await answer(orgAdmin, method, `/user/${id}/api-token`), method).toMatchObject({
          status: 400,
          message: 'Only service accounts have API tokens',
        });
  });

  it('a read-write service account manages tokens like an org admin; a read-only one may only read', async () => {
    const writer = await newToken(orgAdmin, ids.writer!);
    const reader = await newToken(orgAdmin, ids.reader!);
    const readerState = await withToken(writer, `/user/${ids.reader}/api-token`);
    expect(readerState.status).toBe(200);
    expect(await readerState.json()).toMatchObject({ configured: true });
    expect((await withToken(reader, `/user/${ids.writer}/api-token`)).status).toBe(200);
    expect((await withToken(reader, `/user/${ids.writer}/api-token`, { method: 'DELETE' })).status).toBe(401);
    expect((await withToken(writer, '/user/me')).status).toBe(200);
  });

  it('a service account that becomes a person loses its token for good', async () => {
    const token = await newToken(orgAdmin, ids.writer!);
    await orgAdmin.put(`/user/${ids.writer}`, {
      email: 'writer@test.perch.local',
      role: Role.User,
      firstname: 'Test',
      lastname: 'User',
      password: 'New!pass-w0rd',
    });
    expect((await withToken(token, '/user/me')).status).toBe(401);
    expect(await tokenColumns(ids.writer!)).toMatchObject({ api_token_hash: null, api_token_created_at: null });
    // Made a service account again, the old token stays dead.
    await orgAdmin.put(`/user/${ids.writer}`, {
      email: 'writer@test.perch.local',
      role: Role.ServiceAccountReadWrite,
      firstname: 'Test',
      lastname: 'User',
    });
    expect((await withToken(token, '/user/me')).status).toBe(401);
    expect(await answer(orgAdmin, 'GET', `/user/${ids.writer}/api-token`)).toMatchObject({
      body: { configured: false },
    });
  });

  it('keeps the token when a service account stays one (a new password or a read-only role)', async () => {
    const token = await newToken(orgAdmin, ids.writer!);
    await orgAdmin.put(`/user/${ids.writer}/password`, { password: 'New!pass-w0rd' });
    await orgAdmin.put(`/user/${ids.writer}`, {
      email: 'writer@test.perch.local',
      role: Role.ServiceAccountReadOnly,
      firstname: 'Test',
      lastname: 'User',
    });
    expect((await withToken(token, '/user/me')).status).toBe(200);
    expect((await withToken(token, `/user/${ids.user}`, { method: 'DELETE' })).status).toBe(401);
  });
});

describe('authenticating with the token', () => {
  it('acts as the service account, and records the last use (at most once a minute)', async () => {
    const token = await newToken(orgAdmin, ids.writer!);
    const me = await withToken(token, '/user/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: ids.writer, email: 'writer@test.perch.local', role: 22 });
    // Written in the background after the answer: within milliseconds, waited for up to 10 s.
    await expect
      .poll(async () => (await tokenColumns(ids.writer!)).api_token_last_used_at, { timeout: 10_000 })
      .not.toBeNull();
    const first = await tokenColumns(ids.writer!);
    expect(first.last_activity_at).not.toBeNull();
    const state = (await answer(orgAdmin, 'GET', `/user/${ids.writer}/api-token`)).body as { lastUsedAt: string };
    expect(state.lastUsedAt).toBe(first.api_token_last_used_at!.toISOString());
    // A use within the minute writes nothing.
    expect((await withToken(token, '/user/me')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect((await tokenColumns(ids.writer!)).api_token_last_used_at).toEqual(first.api_token_last_used_at);
    // After a minute (set back here), the next use is recorded again.
    const minuteAgo = new Date(Date.now() - 61_000);
    await s.deps.db
      .updateTable('users')
      .set({ api_token_last_used_at: minuteAgo })
      .where('id', '=', ids.writer!)
      .execute();
    expect((await withToken(token, '/user/me')).status).toBe(200);
    await expect
      .poll(async () => (await tokenColumns(ids.writer!)).api_token_last_used_at!.getTime(), { timeout: 10_000 })
      .toBeGreaterThan(minuteAgo.getTime());
  });

  it('a read-write account writes; a read-only one is refused with 401 and nothing changes', async () => {
    const writer = await newToken(orgAdmin, ids.writer!);
    const reader = await newToken(orgAdmin, ids.reader!);
    const group = await withToken(writer, '/group/', { method: 'POST', body: JSON.stringify({ name: 'Robots' }) });
    expect(group.status).toBe(201);
    const groupId = group.headers.get('x-object-id')!;
    const refused = await withToken(reader, `/group/${groupId}`, {
      method: 'PUT',
      body: JSON.stringify({ name: 'Hacked' }),
    });
    expect(refused.status).toBe(401);
    expect((await withToken(reader, '/group/', { method: 'POST', body: JSON.stringify({ name: 'X' }) })).status).toBe(
      401,
    );
    expect((await withToken(reader, `/group/${groupId}`, { method: 'DELETE' })).status).toBe(401);
    const groups = await withToken(reader, '/group/');
    expect(groups.status).toBe(200);
    expect(((await groups.json()) as { name: string }[]).map((g) => g.name)).toEqual(['Robots']);
    expect((await withToken(reader, '/group/', { method: 'HEAD' })).status).toBe(200);
  });

  it('a token of another organisation reads nothing of this one (404)', async () => {
    const robot = await s.createUser({
      email: 'robot@globex.example',
      role: Role.ServiceAccountReadWrite,
      organizationId: foreignOrg,
    });
    const token = await newToken(foreignAdmin, robot);
    const me = await withToken(token, '/user/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ organizationId: foreignOrg });
    expect((await withToken(token, `/user/${ids.user}`)).status).toBe(404);
    expect((await withToken(token, `/user/${ids.writer}/api-token`)).status).toBe(404);
    expect((await withToken(token, `/user/${ids.writer}/api-token`, { method: 'POST' })).status).toBe(404);
    expect((await tokenColumns(ids.writer!)).api_token_hash).toBeNull();
    const list = (await (await withToken(token, '/user/')).json()) as { email: string }[];
    expect(list.map((u) => u.email)).not.toContain('user@test.perch.local');
  });

  it('refuses unknown, malformed and disabled-account tokens with 401', async () => {
    const token = await newToken(orgAdmin, ids.writer!);
    for (const bad of ['0'.repeat(64), token.toUpperCase(), `${token}x`, 'x'.repeat(5000), 'not a token', '%00'])
      expect((await withToken(bad, '/user/me')).status, bad.slice(0, 20)).toBe(401);
    await s.deps.db.updateTable('users').set({ disabled: true }).where('id', '=', ids.writer!).execute();
    expect((await withToken(token, '/user/me')).status).toBe(401);
    await s.deps.db.updateTable('users').set({ disabled: false }).where('id', '=', ids.writer!).execute();
    expect((await withToken(token, '/user/me')).status).toBe(200);
  });

  it('a token stored for someone who is no service account authenticates nobody', async () => {
    const token = await newToken(orgAdmin, ids.writer!);
    const { api_token_hash } = await tokenColumns(ids.writer!);
    await s.deps.db.updateTable('users').set({ api_token_hash: null }).where('id', '=', ids.writer!).execute();
    await s.deps.db.updateTable('users').set({ api_token_hash }).where('id', '=', ids.user!).execute();
    expect((await withToken(token, '/user/me')).status).toBe(401);
  });

  it('has no session: no sign-out (400), an empty session list', async () => {
    const token = await newToken(orgAdmin, ids.writer!);
    for (const where of ['current', 'all', UNKNOWN])
      expect((await withToken(token, `/auth/logout/${where}`)).status, where).toBe(400);
    const sessions = await withToken(token, '/user/session');
    expect(sessions.status).toBe(200);
    expect(await sessions.json()).toEqual([]);
    expect((await withToken(token, '/user/me')).status).toBe(200);
  });
});
