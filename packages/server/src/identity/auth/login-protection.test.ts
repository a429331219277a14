import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../../test-support/server.js';

// LOGIN_PROTECTION_MAX_FAILS is 3 in the test configuration.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(() => s.close());
beforeEach(() => s.reset());

const attempt = (password: string, ip: string, email = ADMIN_EMAIL) =>
  fetch(`${s.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password, organizationId: s.orgId }),
  });

describe('login protection', () => {
  it('throttles an account from one address after the maximum failures, even with the right password', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('Wrong!pass1', '203.0.113.7')).status).toBe(400);
    const blocked = await attempt(ADMIN_PASSWORD, '203.0.113.7');
    expect(blocked.status).toBe(429);
    const retry = Number(blocked.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(5 * 60);
  });

  it('does not lock the real user out: another address still signs in', async () => {
    for (let i = 0; i < 3; i++) await attempt('Wrong!pass1', '203.0.113.7');
    expect((await attempt('Wrong!pass1', '203.0.113.7')).status).toBe(429);
    expect((await attempt(ADMIN_PASSWORD, '198.51.100.20')).status).toBe(200);
  });

  it('a success before the limit clears the count', async () => {
    await attempt('Wrong!pass1', '203.0.113.7');
    await attempt('Wrong!pass1', '203.0.113.7');
    expect((await attempt(ADMIN_PASSWORD, '203.0.113.7')).status).toBe(200);
    await attempt('Wrong!pass1', '203.0.113.7');
    await attempt('Wrong!pass1', '203.0.113.7');
    expect((await attempt(ADMIN_PASSWORD, '203.0.113.7')).status).toBe(200);
  });

  it('throttles an address that tries many accounts', async () => {
    // 5 × the per-account limit across accounts, from one address.
    for (let i = 0; i < 15; i++) await attempt('Wrong!pass1', '192.0.2.99', `user${i}@example.org`);
    expect((await attempt(ADMIN_PASSWORD, '192.0.2.99')).status).toBe(429);
    expect((await attempt(ADMIN_PASSWORD, '192.0.2.100')).status).toBe(200);
  });

  it('doubles the block when it happens again', async () => {
    for (let i = 0; i < 3; i++) await attempt('Wrong!pass1', '203.0.113.8');
    const first = Number((await attempt('x-Wrong!1', '203.0.113.8')).headers.get('retry-after'));
    // Let the block lapse, then fail again.
    await s.deps.db
      .updateTable('login_throttle')
      .set({ blocked_until: new Date(Date.now() - 1000) })
      .execute();
    for (let i = 0; i < 3; i++) await attempt('Wrong!pass1', '203.0.113.8');
    const second = Number((await attempt('x-Wrong!1', '203.0.113.8')).headers.get('retry-after'));
    expect(second).toBeGreaterThan(first * 1.5);
  });

  // The proxy appends the address it saw; anything left of it was written by the client.
  it('does not believe addresses the client wrote into X-Forwarded-For (no bypass)', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('Wrong!pass1', `10.9.9.${i}, 203.0.113.50`)).status).toBe(400);
    expect((await attempt(ADMIN_PASSWORD, '10.9.9.77, 203.0.113.50')).status).toBe(429);
  });

  it("spoofed failures cannot throttle someone else's address", async () => {
    // The attacker (203.0.113.66) claims to be the office (198.51.100.9).
    for (let i = 0; i < 20; i++) await attempt('Wrong!pass1', '198.51.100.9, 203.0.113.66');
    expect((await attempt(ADMIN_PASSWORD, '198.51.100.9')).status).toBe(200);
  });
});

describe('login protection behind a proxy named by address', () => {
  let p: TestServer;
  beforeAll(async () => {
    p = await startTestServer({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }, { reset: false });
  });
  afterAll(() => p.close());

  it('takes the right-most address that is not one of the proxies', async () => {
    const send = (password: string, xff: string) =>
      fetch(`${p.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
        body: JSON.stringify({ email: ADMIN_EMAIL, password, organizationId: s.orgId }),
      });
    // Client 203.0.113.90 behind two proxies (10.1.1.1 and this machine); left of it: spoofed.
    for (let i = 0; i < 3; i++) await send('Wrong!pass1', `192.0.2.${i}, 203.0.113.90, 10.1.1.1`);
    expect((await send(ADMIN_PASSWORD, '192.0.2.200, 203.0.113.90, 10.1.1.1')).status).toBe(429);
    expect((await send(ADMIN_PASSWORD, '203.0.113.91, 10.1.1.1')).status).toBe(200);
  });
});
