import { Role } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statusOf } from '../../test-support/http.js';
import { clientOn, passkeyLoginAnswer, registerPasskey, signInOn, siteOf } from '../../test-support/second-factors.js';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
} from '../../test-support/server.js';
import { SoftwareAuthenticator } from '../../test-support/webauthn-authenticator.js';

/**
 * The budget of a network (IPv4 /24, IPv6 /64) for attempts at accounts that do not exist or
 * cannot sign in with a password: 10 × LOGIN_PROTECTION_MAX_FAILS per window (30 here, where the
 * limit is 3). Beyond it the whole network is throttled for every account, known or not.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(() => s.close());
beforeEach(() => s.reset());

const BUDGET = 30;

const signIn = (email: string, password: string, ip: string) =>
  fetch(`${s.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password, organizationId: s.orgId }),
  });

/** `count` attempts at made-up accounts, spread over addresses of one network (each below its own limit). */
async function sprayMadeUpAccounts(address: (i: number) => string, count: number) {
  for (let i = 0; i < count; i++) {
    const res = await signIn(`ghost${i}@example.org`, 'Wrong!pass1', address(i % 10));
    expect(res.status).toBe(400);
  }
}

describe('the budget of a network for made-up accounts', () => {
  it('throttles the whole IPv4 /24 after its budget, for every account, and no other network', async () => {
    await sprayMadeUpAccounts((i) => `198.51.100.${i + 1}`, BUDGET);
    const checksBefore = s.deps.passwordChecks.stats.completed;
    // A real user of that network, with the right password, from an address that never failed.
    const blocked = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD, '198.51.100.77');
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(5 * 60);
    // A made-up account gets the same answer: it tells nothing about which accounts exist.
    expect((await signIn('ghost-new@example.org', 'Wrong!pass1', '198.51.100.78')).status).toBe(429);
    // Refused before any password check.
    expect(s.deps.passwordChecks.stats.completed).toBe(checksBefore);
    // The neighbouring network is not affected.
    expect((await signIn(ADMIN_EMAIL, ADMIN_PASSWORD, '198.51.101.77')).status).toBe(200);
  });

  it('throttles an IPv6 /64, not the next one', async () => {
    await sprayMadeUpAccounts((i) => `2001:db8:5:6::${i + 1}`, BUDGET);
    expect((await signIn(ADMIN_EMAIL, ADMIN_PASSWORD, '2001:db8:5:6:ffff::1')).status).toBe(429);
    expect((await signIn(ADMIN_EMAIL, ADMIN_PASSWORD, '2001:db8:5:7::1')).status).toBe(200);
  });

  it('just below the budget, the network signs in', async () => {
    await sprayMadeUpAccounts((i) => `198.51.100.${i + 1}`, BUDGET - 1);
    expect((await signIn(ADMIN_EMAIL, ADMIN_PASSWORD, '198.51.100.77')).status).toBe(200);
  });

  it('people of the network mistyping their own passwords do not spend it', async () => {
    for (let i = 0; i < 10; i++)
      for (let j = 0; j < 2; j++)
        expect((await signIn(ADMIN_EMAIL, 'Wrong!pass1', `198.51.100.${i + 1}`)).status).toBe(400);
    await sprayMadeUpAccounts((i) => `198.51.100.${i + 1}`, BUDGET - 1);
    expect((await signIn(ADMIN_EMAIL, ADMIN_PASSWORD, '198.51.100.77')).status).toBe(200);
  });

  it('counts HTTP Basic attempts at unknown service accounts, and throttles HTTP Basic too', async () => {
    await s.createUser({ email: 'robot@test.perch.local', role: Role.ServiceAccountReadWrite });
    const basic = (email: string, ip: string) =>
      fetch(`${s.url}/user/me`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${s.orgId}_${email}:${TEST_PASSWORD}`).toString('base64')}`,
          'x-forwarded-for': ip,
        },
      });
    for (let i = 0; i < BUDGET; i++)
      expect((await basic(`ghost${i}@test.perch.local`, `192.0.2.${(i % 10) + 1}`)).status).toBe(401);
    expect((await basic('robot@test.perch.local', '192.0.2.99')).status).toBe(429);
    expect((await signIn(ADMIN_EMAIL, ADMIN_PASSWORD, '192.0.2.99')).status).toBe(429);
    expect((await basic('robot@test.perch.local', '192.0.3.99')).status).toBe(200);
  });

  it('does not hold passkey sign-ins, which check no password', async () => {
    const site = siteOf(s);
    const email = 'paul@test.perch.local';
    await s.createUser({ email });
    const authenticator = new SoftwareAuthenticator();
    await registerPasskey(await signInOn(s, site, email, TEST_PASSWORD), authenticator, site);
    // Neighbours of this test's own address (loopback, 127.0.0.1) spray made-up accounts.
    await sprayMadeUpAccounts((i) => `127.0.0.${i + 2}`, BUDGET);
    expect(await statusOf(signInOn(s, site, email, TEST_PASSWORD))).toBe(429);
    const answer = await passkeyLoginAnswer(clientOn(s, site), authenticator, site, s.orgId);
    const res = await clientOn(s, site).post('/auth/passkey/login/finish', answer);
    expect(res.data).toMatchObject({ accessToken: expect.any(String) });
  });

  it('forgets attempts older than the window', async () => {
    await sprayMadeUpAccounts((i) => `198.51.100.${i + 1}`, BUDGET - 1);
    await s.deps.db
      .updateTable('login_throttle')
      .set({ window_start: new Date(Date.now() - 601_000) })
      .where('key', 'like', 'range:%')
      .execute();
    await sprayMadeUpAccounts((i) => `198.51.100.${i + 1}`, 1);
    expect((await signIn(ADMIN_EMAIL, ADMIN_PASSWORD, '198.51.100.77')).status).toBe(200);
  });

  it('forgives earlier blocks after a quiet day', async () => {
    await sprayMadeUpAccounts((i) => `198.51.100.${i + 1}`, 1);
    await s.deps.db
      .updateTable('login_throttle')
      .set({ strikes: 5, updated_at: new Date(Date.now() - 2 * 86_400_000) })
      .where('key', 'like', 'range:%')
      .execute();
    await sprayMadeUpAccounts((i) => `198.51.100.${i + 1}`, BUDGET - 1);
    const blocked = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD, '198.51.100.77');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(5 * 60);
  });

  it('ends: the block lapses, and repeated blocks stop growing at an hour', async () => {
    await sprayMadeUpAccounts((i) => `198.51.100.${i + 1}`, BUDGET);
    expect((await signIn(ADMIN_EMAIL, ADMIN_PASSWORD, '198.51.100.77')).status).toBe(429);
    // The block runs out (its time moved to the past), and the network signs in again.
    await s.deps.db
      .updateTable('login_throttle')
      .set({ blocked_until: new Date(Date.now() - 1000) })
      .execute();
    expect((await signIn(ADMIN_EMAIL, ADMIN_PASSWORD, '198.51.100.77')).status).toBe(200);
    // After many blocks in a row, the next one still lasts an hour at most.
    await s.deps.db.updateTable('login_throttle').set({ strikes: 10 }).where('key', 'like', 'range:%').execute();
    await s.deps.db.deleteFrom('login_throttle').where('key', 'like', 'ip:%').execute();
    await sprayMadeUpAccounts((i) => `198.51.100.${i + 1}`, BUDGET);
    const blocked = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD, '198.51.100.77');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(3000);
  });
});
