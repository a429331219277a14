import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { RateLimiter } from './rate-limit.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('shared rate limiter', () => {
  it('lets exactly the limit through across processes, even under concurrency', async () => {
    // Two limiters stand for two server processes sharing the database.
    const a = new RateLimiter(s.deps.prepared, 37, 3600);
    const b = new RateLimiter(s.deps.prepared, 37, 3600);
    const subject = `exact-${Date.now()}`;
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).take(subject)));
    expect(results.filter(Boolean)).toHaveLength(37);
    expect(await a.take(subject)).toBe(false);
    expect(await b.take(subject)).toBe(false);
  });

  it('counts each subject on its own, and a new window starts fresh', async () => {
    const period = 3;
    const limiter = new RateLimiter(s.deps.prepared, 3, period);
    // Start at the beginning of a window, so the takes below cannot straddle two windows.
    await new Promise((r) => setTimeout(r, period * 1000 - (Date.now() % (period * 1000)) + 20));
    const subject = `window-${Date.now()}`;
    expect([await limiter.take(subject), await limiter.take(subject), await limiter.take(subject)]).toEqual([
      true,
      true,
      true,
    ]);
    expect(await limiter.take(subject)).toBe(false);
    expect(await limiter.take(`${subject}-other`)).toBe(true);
    await new Promise((r) => setTimeout(r, limiter.retryAfter() * 1000 + 20));
    expect(await limiter.take(subject)).toBe(true);
  });

  it('answers 429 with Retry-After over the limit', async () => {
    const limited = await startTestServer({ RATE_LIMIT: '5', RATE_LIMIT_PERIOD: '1-H' }, { reset: false });
    try {
      const c = await limited.signIn('admin@perch.test', 'Admin!pass1');
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++)
        statuses.push(
          await c.get('/user/me').then(
            () => 200,
            (e: { status: number }) => e.status,
          ),
        );
      expect(statuses.filter((x) => x === 200).length).toBeLessThanOrEqual(5);
      expect(statuses.at(-1)).toBe(429);
      const res = await fetch(`${limited.url}/user/me`, {
        headers: { authorization: `Bearer ${c.store.load()!.accessToken}` },
      });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
