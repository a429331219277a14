import { type ApiError, login, PerchClient } from '@perch/client';
import type { Preflight } from '@perch/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerDatabaseUrl } from './test-support/database.js';
import { spawnServer, type ServerProcess } from './test-support/process.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from './test-support/server.js';

/**
 * Two servers on one database must behave like one: each accepts the other's tokens, and
 * rate limits and sign-in throttling are shared. On PostgreSQL these are two operating-system
 * processes started at the same moment (so they also race to migrate and bootstrap); on the
 * embedded database, which one process owns, two independent server instances share it.
 */
const env = { RATE_LIMIT: '12', RATE_LIMIT_PERIOD: '1-H', LOGIN_PROTECTION_MAX_FAILS: '3' };
let urls: [string, string];
let stop: () => Promise<void>;
let dbUrl: string | undefined;

beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    dbUrl = await workerDatabaseUrl(process.env.DATABASE_URL, 'perch_multi');
    const servers: ServerProcess[] = await Promise.all([
      spawnServer({ ...env, DATABASE_URL: dbUrl }),
      spawnServer({ ...env, DATABASE_URL: dbUrl }),
    ]);
    urls = [servers[0]!.url, servers[1]!.url];
    stop = async () => {
      await Promise.all(servers.map((x) => x.stop()));
    };
  } else {
    const a: TestServer = await startTestServer(env);
    const b: TestServer = await startTestServer(env, { reset: false });
    urls = [a.url, b.url];
    stop = async () => {
      await a.close();
      await b.close();
    };
  }
}, 120_000);
afterAll(() => stop());

async function orgId(url: string) {
  return ((await (await fetch(`${url}/auth/singleorg`)).json()) as Preflight).organization.id;
}

describe('two servers on one database', () => {
  it('migrated and bootstrapped once', async () => {
    if (!dbUrl) {
      expect(await orgId(urls[0])).toBe(await orgId(urls[1]));
      return;
    }
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    try {
      const orgs = await c.query('SELECT count(*)::int AS n FROM organizations');
      expect(orgs.rows[0].n).toBe(1);
      const admins = await c.query('SELECT count(*)::int AS n FROM users WHERE role = 90');
      expect(admins.rows[0].n).toBe(1);
      const versions = await c.query('SELECT version FROM schema_migrations ORDER BY version');
      expect(versions.rows.length).toBeGreaterThan(0);
    } finally {
      await c.end();
    }
  });

  it("accept each other's access and refresh tokens", async () => {
    const org = await orgId(urls[0]);
    const onA = new PerchClient({ baseUrl: urls[0] });
    const creds = await login(onA, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, organizationId: org });
    const onB = new PerchClient({ baseUrl: urls[1] });
    onB.acceptCredentials(creds);
    expect((await onB.get<{ email: string }>('/user/me')).email).toBe(ADMIN_EMAIL);
    const refreshed = await onB.refresh();
    onA.acceptCredentials(refreshed);
    expect((await onA.get<{ email: string }>('/user/me')).email).toBe(ADMIN_EMAIL);
    await onA.request('GET', '/auth/logout/current');
    const err = await onB.get('/user/me').catch((e: unknown) => e);
    expect((err as ApiError).status).toBe(401);
  });

  it('share one rate limit per user', async () => {
    const org = await orgId(urls[0]);
    const a = new PerchClient({ baseUrl: urls[0] });
    const creds = await login(a, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, organizationId: org });
    const b = new PerchClient({ baseUrl: urls[1] });
    b.acceptCredentials(creds);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      for (const c of [a, b]) {
        statuses.push(
          await c.get('/user/me').then(
            () => 200,
            (e: ApiError) => e.status,
          ),
        );
      }
    }
    // RATE_LIMIT is 12 per hour for the user across both servers (earlier tests used some).
    expect(statuses.filter((x) => x === 200).length).toBeLessThanOrEqual(12);
    expect(statuses.slice(-4)).toEqual([429, 429, 429, 429]);
  });

  it('share sign-in throttling', async () => {
    const org = await orgId(urls[0]);
    const attempt = (url: string, password: string) =>
      fetch(`${url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody-here@test.perch.local', password, organizationId: org }),
      });
    expect((await attempt(urls[0], 'Wrong!pass1')).status).toBe(400);
    expect((await attempt(urls[1], 'Wrong!pass2')).status).toBe(400);
    expect((await attempt(urls[0], 'Wrong!pass3')).status).toBe(400);
    expect((await attempt(urls[1], 'Wrong!pass4')).status).toBe(429);
    expect((await attempt(urls[0], 'Wrong!pass5')).status).toBe(429);
  });
});
