import { type ApiError, login, PerchClient } from '@perch/client';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/tokens.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../../test-support/server.js';
import { REFRESH_REUSE_GRACE_MS } from '../sessions/index.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

const post = (path: string, body: unknown) =>
  fetch(s.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const getWith = (path: string, token: string) => fetch(s.url + path, { headers: { authorization: `Bearer ${token}` } });

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/** Moves a token's rotation into the past, as if the time had passed. */
async function rotatedSecondsAgo(token: string, seconds: number) {
  await s.deps.db
    .updateTable('refresh_tokens')
    .set({ used_at: new Date(Date.now() - seconds * 1000) })
    .where('token_hash', '=', hashToken(token))
    .execute();
}

async function signIn() {
  const res = await post('/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, organizationId: s.orgId });
  expect(res.status).toBe(200);
  return (await res.json()) as { accessToken: string; refreshToken: string };
}

describe('refresh tokens', () => {
  it('rotate on every use: the new token works, the old one is refused', async () => {
    const first = await signIn();
    const r1 = await post('/auth/refresh', { refreshToken: first.refreshToken });
    expect(r1.status).toBe(200);
    const second = (await r1.json()) as { accessToken: string; refreshToken: string };
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await getWith('/user/me', second.accessToken)).status).toBe(200);
    const r2 = await post('/auth/refresh', { refreshToken: second.refreshToken });
    expect(r2.status).toBe(200);
  });

  it('reusing an old refresh token signs the whole session out', async () => {
    const first = await signIn();
    const rotated = (await (await post('/auth/refresh', { refreshToken: first.refreshToken })).json()) as {
      accessToken: string;
      refreshToken: string;
    };
    await rotatedSecondsAgo(first.refreshToken, REFRESH_REUSE_GRACE_MS / 1000 + 1);
    const reuse = await post('/auth/refresh', { refreshToken: first.refreshToken });
    expect(reuse.status).toBe(401);
    // The thief's copy and the legitimate holder's newer tokens are both dead now.
    expect((await post('/auth/refresh', { refreshToken: rotated.refreshToken })).status).toBe(404);
    expect((await getWith('/user/me', rotated.accessToken)).status).toBe(401);
  });

  it('honours a token once more right after its rotation (the answer was lost), keeping one line of tokens', async () => {
    const first = await signIn();
    const lost = (await (await post('/auth/refresh', { refreshToken: first.refreshToken })).json()) as Tokens;
    // The client never saw `lost` (a reload cut the answer off) and sends its token again.
    const again = await post('/auth/refresh', { refreshToken: first.refreshToken });
    expect(again.status).toBe(200);
    const kept = (await again.json()) as Tokens;
    expect(kept.refreshToken).not.toBe(lost.refreshToken);
    expect((await getWith('/user/me', kept.accessToken)).status).toBe(200);
    // The successor nobody received is withdrawn; the line goes on from the one just issued.
    expect((await post('/auth/refresh', { refreshToken: lost.refreshToken })).status).toBe(404);
    const next = await post('/auth/refresh', { refreshToken: kept.refreshToken });
    expect(next.status).toBe(200);

    // A second reuse is a copy: the whole session is signed out.
    expect((await post('/auth/refresh', { refreshToken: first.refreshToken })).status).toBe(401);
    expect((await post('/auth/refresh', { refreshToken: ((await next.json()) as Tokens).refreshToken })).status).toBe(
      404,
    );
  });

  it('answers 404 for an unknown token and 400 for a missing one', async () => {
    expect((await post('/auth/refresh', { refreshToken: 'no-such-token' })).status).toBe(404);
    expect((await post('/auth/refresh', {})).status).toBe(400);
  });
});

describe('access tokens', () => {
  it('are refused when expired, tampered with or signed by another key', async () => {
    const { accessToken } = await signIn();
    const [h, p, sig] = accessToken.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, role: 90, userID: '00000000-0000-0000-0000-000000000000' })).toString('base64url')}.${sig}`;
    expect((await getWith('/user/me', tampered)).status).toBe(401);
    expect((await getWith('/user/me', `${h}.${p}.${sig.slice(0, -4)}AAAA`)).status).toBe(401);
    const foreign = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('a-secret-that-is-long-enough-for-hs256'));
    expect((await getWith('/user/me', foreign)).status).toBe(401);
    expect((await getWith('/user/me', 'not-a-jwt')).status).toBe(401);
    expect((await fetch(`${s.url}/user/me`)).status).toBe(401);
  });

  it('are refused once expired, and accepted while valid', async () => {
    const { accessToken } = await signIn();
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as {
      userID: string;
      sid: string;
      email: string;
      role: number;
    };
    const session = { userId: claims.userID, sessionId: claims.sid, email: claims.email, role: claims.role };
    const fresh = await s.deps.tokens.signAccess(session);
    expect((await getWith('/user/me', fresh.token)).status).toBe(200);
    const ttl = s.config.ACCESS_TOKEN_TTL_SECONDS;
    const stale = await s.deps.tokens.signAccess(session, Math.floor(Date.now() / 1000) - ttl - 5);
    expect(stale.expiresAt).toBeLessThan(Date.now());
    expect((await getWith('/user/me', stale.token)).status).toBe(401);
  });

  it('stop working when their session is signed out', async () => {
    const { accessToken } = await signIn();
    const out = await getWith('/auth/logout/current', accessToken);
    expect(out.status).toBe(204);
    expect((await getWith('/user/me', accessToken)).status).toBe(401);
  });
});

describe('sessions and sign-out', () => {
  it('lists the sessions, marks the current one and signs out a chosen one', async () => {
    const a = await signIn();
    const b = await signIn();
    const list = (await (await getWith('/user/session', a.accessToken)).json()) as { id: string; current: boolean }[];
    expect(list).toHaveLength(3); // the test harness's admin session too
    const other = list.find((x) => !x.current)!;
    expect(list.filter((x) => x.current)).toHaveLength(1);
    expect((await getWith(`/auth/logout/${other.id}`, a.accessToken)).status).toBe(204);
    expect((await getWith(`/auth/logout/${other.id}`, a.accessToken)).status).toBe(404);
    expect((await getWith('/auth/logout/not-a-session', a.accessToken)).status).toBe(400);
    expect((await fetch(`${s.url}/auth/logout/current`)).status).toBe(400);
    void b;
  });

  it('"all" ends every session of the user', async () => {
    const a = await signIn();
    const b = await signIn();
    expect((await getWith('/auth/logout/all', a.accessToken)).status).toBe(204);
    expect((await getWith('/user/me', a.accessToken)).status).toBe(401);
    expect((await getWith('/user/me', b.accessToken)).status).toBe(401);
    expect((await post('/auth/refresh', { refreshToken: b.refreshToken })).status).toBe(404);
  });

  it('keeps at most MAX_SESSIONS_PER_USER sessions', async () => {
    const capped = await startTestServer({ MAX_SESSIONS_PER_USER: '2' });
    try {
      const tokens = [];
      for (let i = 0; i < 3; i++) {
        const c = new PerchClient({ baseUrl: capped.url });
        await login(c, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, organizationId: capped.orgId });
        tokens.push(c);
      }
      const sessions = await tokens[2]!.get<unknown[]>('/user/session');
      expect(sessions).toHaveLength(2);
      const err = await tokens[0]!.get('/user/me').catch((e: unknown) => e);
      expect((err as ApiError).status).toBe(401);
    } finally {
      await capped.close();
    }
  });
});
