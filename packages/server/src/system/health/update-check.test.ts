import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UpdateCheck } from '@perch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusOf } from '../../test-support/http.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';
import { compareVersions, createUpdateChecker } from './update-check.js';

/**
 * `GET /uc/` tells the running version and whether the operator's release feed offers a newer
 * one. A real HTTP server plays the feed.
 */
let feed: http.Server;
let feedUrl = '';
let feedBody = '';
let feedStatus = 200;
let s: TestServer;
/** The server's outbound policy (loopback 127.0.0.1 is allowed in tests). */
const feedFetch = () => s.deps.outbound.fetchFor('update-check');

beforeAll(async () => {
  feed = http.createServer((_req, res) => {
    res.writeHead(feedStatus, { 'content-type': 'application/json' });
    res.end(feedBody);
  });
  await new Promise<void>((r) => feed.listen(0, '127.0.0.1', r));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/releases/latest`;
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
  await new Promise((r) => feed.close(r));
});

describe('update check', () => {
  it("answers every signed-in role with Perch's own version and no update when no feed is configured", async () => {
    await s.createUser({ email: 'uc@test.perch.local', password: TEST_PASSWORD });
    const user = await s.signIn('uc@test.perch.local');
    const answer = await user.get<UpdateCheck>('/uc/');
    expect(answer).toEqual({ updateAvailable: false, version: s.deps.version });
    expect(answer.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(await statusOf(s.client().get('/uc/'))).toBe(401);
  });

  it('says an update is available only when the feed names a newer release', async () => {
    const withFeed = await startTestServer({ UPDATE_CHECK_URL: feedUrl }, { reset: false });
    try {
      feedBody = JSON.stringify({ tag_name: 'v999.0.0' });
      expect(await withFeed.admin.get<UpdateCheck>('/uc/')).toEqual({
        updateAvailable: true,
        version: withFeed.deps.version,
      });
    } finally {
      await withFeed.close();
    }
  });

  it('keeps "no update" for the same or an older release, a broken feed, or one that is down', async () => {
    const version = '1.4.2';
    for (const body of [
      JSON.stringify({ version: '1.4.2' }),
      JSON.stringify({ version: '1.3.9' }),
      JSON.stringify({ version: '1.5.0-rc.1', note: 'pre-release of a newer one counts' }),
      'not json',
      JSON.stringify({ version: 'latest' }),
    ]) {
      feedBody = body;
      const answer = await createUpdateChecker(feedUrl, version, feedFetch()).status();
      expect(answer.version).toBe(version);
      expect(answer.updateAvailable, body).toBe(body.includes('1.5.0-rc.1'));
    }
    feedStatus = 500;
    feedBody = JSON.stringify({ version: '9.9.9' });
    expect((await createUpdateChecker(feedUrl, version, feedFetch()).status()).updateAvailable).toBe(false);
    feedStatus = 200;
    // Nothing listens on port 9 of this machine: the answer comes at once.
    const started = performance.now();
    expect((await createUpdateChecker('http://127.0.0.1:9/feed', version, feedFetch()).status()).updateAvailable).toBe(
      false,
    );
    expect(performance.now() - started).toBeLessThan(3500);
  });

  it('keeps the last good answer while the feed is down, and asks again only when it is stale', async () => {
    feedBody = JSON.stringify({ version: '2.0.0' });
    const checker = createUpdateChecker(feedUrl, '1.0.0', feedFetch(), { refreshMs: 0 });
    expect((await checker.status()).updateAvailable).toBe(true);
    feedStatus = 503;
    await checker.status();
    await new Promise((r) => setTimeout(r, 50));
    expect((await checker.status()).updateAvailable).toBe(true);
    feedStatus = 200;
  });

  it('fetches the feed through the outbound policy: a loopback address that is not allowed counts as down', async () => {
    const refusedFeed = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ version: '99.0.0' }));
    });
    await new Promise<void>((r) => refusedFeed.listen(0, '127.0.0.2', r));
    const url = `http://127.0.0.2:${(refusedFeed.address() as AddressInfo).port}/releases/latest`;
    const withFeed = await startTestServer({ UPDATE_CHECK_URL: url }, { reset: false });
    const allowing = await startTestServer(
      { UPDATE_CHECK_URL: url, OUTBOUND_ALLOWED_HOSTS: '127.0.0.2' },
      { reset: false },
    );
    try {
      expect((await withFeed.admin.get<UpdateCheck>('/uc/')).updateAvailable).toBe(false);
      expect((await allowing.admin.get<UpdateCheck>('/uc/')).updateAvailable).toBe(true);
    } finally {
      await withFeed.close();
      await allowing.close();
      await new Promise((r) => refusedFeed.close(r));
    }
  });

  it('compares release versions', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('v2.0.0', '2.0.0')).toBe(0);
    expect(compareVersions('2.0.0-rc.1', '2.0.0')).toBe(-1);
    expect(compareVersions('2.0.0', '2.0.0-rc.1')).toBe(1);
    expect(compareVersions('nightly', '1.0.0')).toBeNull();
  });
});
