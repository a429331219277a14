import net from 'node:net';
import { ApiError, login, PerchClient } from '@perch/client';
import type { User } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from './test-support/server.js';

/** The typed client (packages/client) against the real server. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

/** A client whose fetch counts the calls per path (the requests still go to the real server). */
function countingClient(opts: ConstructorParameters<typeof PerchClient>[0] = {}) {
  const calls: string[] = [];
  const client = new PerchClient({
    baseUrl: s.url,
    ...opts,
    fetch: (input, init) => {
      calls.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
      return fetch(input, init);
    },
  });
  return { client, calls };
}

async function signedIn(opts: ConstructorParameters<typeof PerchClient>[0] = {}) {
  const c = countingClient(opts);
  await login(c.client, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, organizationId: s.orgId });
  return c;
}

function expireAccessToken(c: PerchClient) {
  const stored = c.store.load()!;
  c.store.save({ ...stored, accessTokenExpiry: Date.now() - 1000 });
}

describe('client', () => {
  it('skips the refresh while the access token is valid', async () => {
    const { client, calls } = await signedIn();
    await Promise.all([client.get('/user/me'), client.get('/setting/'), client.get('/preference/')]);
    expect(calls.filter((c) => c.endsWith('/auth/refresh'))).toHaveLength(0);
  });

  it('refreshes once for many concurrent requests when the token has expired', async () => {
    const { client, calls } = await signedIn();
    expireAccessToken(client);
    const results = await Promise.all(Array.from({ length: 10 }, () => client.get<User>('/user/me')));
    expect(results.every((u) => u.email === ADMIN_EMAIL)).toBe(true);
    expect(calls.filter((c) => c === 'POST /auth/refresh')).toHaveLength(1);
  });

  it('saves with POST without an id (id from X-Object-Id) and PUT with one', async () => {
    const { client, calls } = await signedIn();
    const id = await client.save('/user/', {
      firstname: 'Test',
      lastname: 'User',
      email: 'saved@test.perch.local',
      role: 0,
    });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await client.save('/user/', { firstname: 'Test', lastname: 'User', id, email: 'saved@test.perch.local', role: 10 });
    expect(calls).toContain('POST /user/');
    expect(calls).toContain(`PUT /user/${id}`);
    expect((await client.get<User>(`/user/${id}`)).role).toBe(10);
  });

  it('turns failures into ApiError with the status and the numeric app code (0 when absent)', async () => {
    const { client } = await signedIn();
    await client.post('/user/', { firstname: 'Test', lastname: 'User', email: 'twice@test.perch.local', role: 0 });
    const dup = (await client
      .post('/user/', { firstname: 'Test', lastname: 'User', email: 'twice@test.perch.local', role: 0 })
      .catch((e: unknown) => e)) as ApiError;
    expect(dup).toBeInstanceOf(ApiError);
    expect([dup.status, dup.appCode]).toEqual([409, 3001]);
    const missing = (await client
      .get('/user/00000000-0000-4000-8000-000000000000')
      .catch((e: unknown) => e)) as ApiError;
    expect([missing.status, missing.appCode]).toEqual([404, 0]);
  });

  it('a refused refresh clears the credentials, signs out and surfaces as 401', async () => {
    let signedOut = 0;
    const { client } = await signedIn({ onSignedOut: () => signedOut++ });
    // The server forgets the session (e.g. "sign out everywhere" from another device).
    await s.deps.db.deleteFrom('sessions').execute();
    expireAccessToken(client);
    const err = (await client.get('/user/me').catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(401);
    expect(client.store.load()).toBeNull();
    expect(signedOut).toBe(1);
  });

  it('a refresh the server cannot answer keeps the credentials and is marked temporary', async () => {
    let signedOut = 0;
    let outage: 'down' | '503' | null = null;
    const client = new PerchClient({
      baseUrl: s.url,
      onSignedOut: () => signedOut++,
      fetch: (input, init) => {
        if (outage === 'down') return Promise.reject(new TypeError('fetch failed'));
        if (outage === '503') return Promise.resolve(new Response('Service Unavailable', { status: 503 }));
        return fetch(input, init);
      },
    });
    await login(client, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, organizationId: s.orgId });
    const stored = client.store.load();
    for (const kind of ['down', '503'] as const) {
      outage = kind;
      expireAccessToken(client);
      const err = (await client.get('/user/me').catch((e: unknown) => e)) as ApiError;
      expect([err.status, err.temporary], kind).toEqual([401, true]);
      expect(client.store.load()?.refreshToken, kind).toBe(stored?.refreshToken);
    }
    expect(signedOut).toBe(0);
    // Back online, the kept refresh token still works.
    outage = null;
    expect((await client.get<User>('/user/me')).email).toBe(ADMIN_EMAIL);
    // A refusal is not temporary.
    await s.deps.db.deleteFrom('sessions').execute();
    expireAccessToken(client);
    const refused = (await client.get('/user/me').catch((e: unknown) => e)) as ApiError;
    expect([refused.status, refused.temporary]).toEqual([401, false]);
    expect(signedOut).toBe(1);
  });

  it('times out (default 30 s, configurable) with a network error', async () => {
    const silent = net.createServer(() => {
      /* accepts the connection and never answers */
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const c = new PerchClient({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 300 });
      const started = Date.now();
      const err = (await c.request('GET', '/user/me', { anonymous: true }).catch((e: unknown) => e)) as ApiError;
      expect(err.status).toBe(0);
      expect(err.isNetworkError).toBe(true);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      silent.close();
    }
  });
});
