import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PerchClient } from '@perch/client';
import type { CaldavStatus } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { book, createFloor, wall } from '../../test-support/bookings.js';
import { failure, statusOf } from '../../test-support/http.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';
import { syncDueEvents } from './sync.js';

/**
 * A person's calendar settings cannot be used to reach the server's own network. Real HTTP
 * servers on loopback: 127.0.0.1 is what the test configuration allows (standing for the outside
 * world), 127.0.0.2 is the server's own network, which nothing allows.
 */
let s: TestServer;
let alice: PerchClient;
let aliceId = '';

interface Spy {
  server: http.Server;
  url: string;
  requests: string[];
}

async function spy(host: string, answer: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<Spy> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    answer(req, res);
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  return { server, url: `http://${host}:${(server.address() as AddressInfo).port}`, requests };
}

let inside: Spy;
let failing: Spy;
let hanging: Spy;

beforeAll(async () => {
  s = await startTestServer();
  inside = await spy('127.0.0.2', (_req, res) => {
    res.writeHead(207, { 'content-type': 'application/xml' });
    res.end('<secret>internal service</secret>');
  });
  failing = await spy('127.0.0.1', (req, res) => {
    if (req.url?.startsWith('/moved/')) {
      res.writeHead(307, { location: `${inside.url}/stolen/` });
      return res.end();
    }
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('INTERNAL-DETAIL-1234 stack trace of the remote server');
  });
  hanging = await spy('127.0.0.1', () => {});
});
afterAll(async () => {
  for (const x of [inside, failing, hanging]) {
    x.server.closeAllConnections();
    await new Promise((r) => x.server.close(r));
  }
  await s.close();
});
beforeEach(async () => {
  for (const x of [inside, failing, hanging]) x.requests.length = 0;
  await s.reset();
  aliceId = await s.createUser({ email: 'alice@test.perch.local' });
  alice = await s.signIn('alice@test.perch.local', TEST_PASSWORD);
});

const account = (url: string) => ({ url, username: 'alice', password: 'pw' });

/** Stores a connection as earlier versions could, bypassing the checks (data from before). */
async function storeConnection(url: string, path: string) {
  await s.deps.db
    .insertInto('user_preferences')
    .values([
      { user_id: aliceId, name: 'caldav_url', value: url },
      { user_id: aliceId, name: 'caldav_user', value: 'alice' },
      { user_id: aliceId, name: 'caldav_pass', value: s.deps.secrets.encrypt('pw') },
      { user_id: aliceId, name: 'caldav_path', value: path },
    ])
    .onConflict((oc) => oc.columns(['user_id', 'name']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
}

async function bookSomething(): Promise<void> {
  const floor = await createFloor(s, { zone: 'UTC', desks: 1 });
  await book(alice, floor.spaces[0]!, wall('UTC', 1, 9), wall('UTC', 1, 10));
}

describe('calendar connections and the outbound policy', () => {
  it('never reach a refused address, and answer an open and a closed port alike', async () => {
    const closed = await spy('127.0.0.2', () => {});
    const closedUrl = closed.url;
    await new Promise((r) => closed.server.close(r));

    const messages: string[] = [];
    for (const url of [
      inside.url,
      closedUrl,
      `${inside.url.replace('127.0.0.2', '[::1]')}/`,
      'http://169.254.169.254/',
    ]) {
      const listed = await failure(alice.post('/preference/caldav/listCalendars', account(url)));
      expect(listed.status).toBe(404);
      const connected = await failure(alice.put('/preference/caldav/connection', { ...account(url), path: '/cal/' }));
      expect(connected.status).toBe(400);
      messages.push(
        listed.message.replace(/of \S+ is/, 'of HOST is'),
        connected.message.replace(/of \S+ is/, 'of HOST is'),
      );
    }
    expect(
      new Set(messages.map((m) => m.replace(/^CalDAV connection error \(check URL and credentials\): /, ''))),
    ).toEqual(new Set([expect.stringMatching(/is not allowed: it is a local, private or reserved network address/)]));
    expect(inside.requests).toEqual([]);
    expect((await alice.get<CaldavStatus>('/preference/caldav/connection')).connected).toBe(false);
  });

  it('are set only by connecting: the preference routes refuse the calendar values', async () => {
    for (const name of ['caldav_url', 'caldav_user', 'caldav_pass', 'caldav_path'])
      expect(await statusOf(alice.put(`/preference/${name}`, { value: `${inside.url}/x/` }))).toBe(400);
    // Several of them without the rest, or all four pointing inside: refused, nothing stored.
    expect(
      await statusOf(
        alice.put('/preference/', [
          { name: 'caldav_url', value: inside.url },
          { name: 'caldav_path', value: '/cal/' },
        ]),
      ),
    ).toBe(400);
    const four = (url: string) => [
      { name: 'workday_start', value: '07:00' },
      { name: 'caldav_url', value: url },
      { name: 'caldav_user', value: 'alice' },
      { name: 'caldav_pass', value: 'pw' },
      { name: 'caldav_path', value: '/cal/' },
    ];
    expect(await statusOf(alice.put('/preference/', four(inside.url)))).toBe(400);
    // An allowed server that is no calendar server: refused too.
    expect(await statusOf(alice.put('/preference/', four(failing.url)))).toBe(400);
    expect(inside.requests).toEqual([]);
    const stored = await alice.get<{ name: string; value: string }[]>('/preference/');
    expect(stored.filter((p) => p.name.startsWith('caldav_') || p.name === 'workday_start')).toEqual([
      { name: 'workday_start', value: '09:00' },
    ]);
    // Clearing them (a disconnect, as Seatsurfing's web app sends it) is fine.
    await alice.put('/preference/', [
      { name: 'caldav_url', value: '' },
      { name: 'caldav_user', value: '' },
      { name: 'caldav_pass', value: '' },
      { name: 'caldav_path', value: '' },
    ]);
  });

  it('keep the calendar on the server of its address: a path that names another host is no connection', async () => {
    await storeConnection(failing.url, `${inside.url}/stolen/`);
    expect((await alice.get<CaldavStatus>('/preference/caldav/connection')).connected).toBe(false);
    await storeConnection(failing.url, `//127.0.0.2:${new URL(inside.url).port}/stolen/`);
    expect((await alice.get<CaldavStatus>('/preference/caldav/connection')).connected).toBe(false);
    await bookSomething();
    await syncDueEvents(s.deps);
    expect(inside.requests).toEqual([]);
    expect(failing.requests).toEqual([]);
  });

  it("report a calendar server's failure by its status, never by what it wrote, and refuse redirects inside", async () => {
    await storeConnection(failing.url, '/cal/');
    await bookSomething();
    await syncDueEvents(s.deps);
    const status = await alice.get<CaldavStatus>('/preference/caldav/connection');
    expect(status.lastError).toBe('The calendar server answered with status 500');
    expect(JSON.stringify(status)).not.toContain('INTERNAL-DETAIL');
    expect(failing.requests.some((r) => r.startsWith('PUT /cal/'))).toBe(true);

    await storeConnection(failing.url, '/moved/');
    await alice.put('/preference/workday_start', { value: '08:00' });
    await bookSomething();
    await s.deps.db
      .updateTable('caldav_sync_queue')
      .set({ due_at: new Date(0) })
      .execute();
    await syncDueEvents(s.deps);
    const redirected = await alice.get<CaldavStatus>('/preference/caldav/connection');
    expect(redirected.lastError).toMatch(/^The address of 127\.0\.0\.2 is not allowed/);
    expect(inside.requests).toEqual([]);
  });

  it('hold a person to a few calendar calls at once: more are turned away at once, not held', async () => {
    const calls = Array.from({ length: 6 }, () =>
      alice.post('/preference/caldav/listCalendars', account(hanging.url)).then(
        () => 200,
        (e: { status?: number }) => e.status ?? 0,
      ),
    );
    // The four that went out are waiting on the server; the other two were answered already.
    await expect.poll(() => hanging.requests.length, { timeout: 10_000 }).toBe(4);
    hanging.server.closeAllConnections();
    const statuses = (await Promise.all(calls)).sort();
    expect(statuses).toEqual([404, 404, 404, 404, 429, 429]);
  });
});
