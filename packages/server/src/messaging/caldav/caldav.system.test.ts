import type { PerchClient } from '@perch/client';
import type { CaldavStatus, MergeRequest } from '@perch/contract';
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { book, createFloor, wall, type Floor } from '../../test-support/bookings.js';
import { failure } from '../../test-support/http.js';
import { parseIcs } from '../../test-support/ical.js';
import { startRadicale, type RadicaleServer } from '../../test-support/radicale.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';
import { syncDueEvents } from './sync.js';

/**
 * CalDAV against a real server (Debian's Radicale, a child process): discovering calendars,
 * connecting, and every booking change reaching the calendar through the sync queue; a
 * calendar server that is down fails no booking and gets the event once it is back. The
 * calendar feed is read back with Python's `icalendar`, a parser of its own.
 */

const ZONE = 'Europe/Berlin';
const PASSWORD = 'alice-calendar-pw';
let s: TestServer;
let dav: RadicaleServer;
let floor: Floor;
let alice: PerchClient;

beforeAll(async () => {
  dav = await startRadicale([
    { user: 'alice', password: PASSWORD, calendars: { work: 'Work', home: 'Home' } },
    { user: 'bob', password: 'bob-pw', calendars: { main: 'Main' } },
  ]);
  s = await startTestServer({ PUBLIC_URL: 'https://perch.example.com' });
});
afterAll(async () => {
  await s.close();
  await dav.close();
});
beforeEach(async () => {
  await s.reset();
  for (const name of Object.keys(dav.events('alice', 'work'))) await removeObject(name);
  floor = await createFloor(s, { zone: ZONE, desks: 3 });
  await s.createUser({ email: 'alice@test.perch.local', firstname: 'Alice' });
  alice = await s.signIn('alice@test.perch.local');
});

async function removeObject(name: string): Promise<void> {
  await fetch(`${dav.url}alice/work/${name}`, {
    method: 'DELETE',
    headers: { authorization: `Basic ${Buffer.from(`alice:${PASSWORD}`).toString('base64')}` },
  });
}

const account = (password = PASSWORD) => ({ url: dav.url, username: 'alice', password });
const connect = (c: PerchClient = alice, extra: Record<string, unknown> = {}) =>
  c.put('/preference/caldav/connection', { ...account(), path: '/alice/work/', ...extra });
const status = (c: PerchClient = alice) => c.get<CaldavStatus>('/preference/caldav/connection');
/** The events in Alice's work calendar, by booking id. */
function calendar(): Record<string, ReturnType<typeof parseIcs>['events'][number]> {
  const found: Record<string, ReturnType<typeof parseIcs>['events'][number]> = {};
  for (const [name, text] of Object.entries(dav.events('alice', 'work'))) {
    const [event] = parseIcs(text).events;
    found[name.replace(/\.ics$/, '')] = event!;
  }
  return found;
}
const utc = (fakeUtc: string) =>
  DateTime.fromISO(fakeUtc.replace('Z', ''), { zone: ZONE }).toUTC().toJSDate().toISOString();

describe('finding calendars', () => {
  it('lists the account’s calendars, and answers 404 with the reason for any failure', async () => {
    const found = await alice.post<{ path: string; name: string }[]>('/preference/caldav/listCalendars', account());
    expect([...found.data].sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: '/alice/home/', name: 'Home' },
      { path: '/alice/work/', name: 'Work' },
    ]);
    const wrong = await failure(alice.post('/preference/caldav/listCalendars', account('wrong')));
    expect(wrong.status).toBe(404);
    expect(wrong.message).toBe(
      'CalDAV connection error (check URL and credentials): The calendar server refused the user name or password',
    );
    const down = await failure(
      alice.post('/preference/caldav/listCalendars', { ...account(), url: 'http://127.0.0.1:9/' }),
    );
    expect(down.status).toBe(404);
    expect(down.message).toMatch(
      /^CalDAV connection error \(check URL and credentials\): The calendar server cannot be reached/,
    );
  });
});

describe('connecting', () => {
  it('stores nothing when the server refuses, or has no such calendar', async () => {
    const wrong = await failure(connect(alice, { password: 'wrong' }));
    expect(wrong.status).toBe(400);
    expect(wrong.message).toMatch(/^CalDAV connection error \(check URL and credentials\): .*refused/);
    expect((await failure(connect(alice, { path: '/bob/main/' }))).status).toBe(400);
    expect((await failure(connect(alice, { password: undefined }))).status).toBe(400);
    expect(await status()).toMatchObject({ connected: false, url: '', path: '' });
    expect(await alice.get('/preference/')).not.toContainEqual(expect.objectContaining({ name: 'caldav_url' }));
  });

  it('writes the upcoming bookings once connected, and keeps the password out of every answer', async () => {
    const earlier = await book(alice, floor.spaces[0]!, wall(ZONE, 1, 9), wall(ZONE, 1, 10));
    expect(await syncDueEvents(s.deps)).toBe(0);
    await connect();
    expect(await status()).toMatchObject({ connected: true, username: 'alice', path: '/alice/work/', pending: 1 });
    expect(await syncDueEvents(s.deps)).toBe(1);
    expect(Object.keys(calendar())).toEqual([earlier]);
    const st = await status();
    expect(st).toMatchObject({ pending: 0, lastError: '', lastErrorAt: null });
    expect(st.lastSyncAt).not.toBeNull();
    expect(JSON.stringify(st)).not.toContain(PASSWORD);
    expect(JSON.stringify(await alice.get('/preference/'))).not.toContain(PASSWORD);
    expect((await alice.post('/preference/caldav/connection/test')).status).toBe(204);
    // Changing the calendar keeps the stored password when none is typed.
    expect((await connect(alice, { password: undefined, path: '/alice/home/' })).status).toBe(204);
    expect(await status()).toMatchObject({ connected: true, path: '/alice/home/' });
  });
});

describe('the sync', () => {
  beforeEach(async () => {
    await connect();
  });

  it('follows a booking through booking, moving and cancelling, at the right instants', async () => {
    const id = await book(alice, floor.spaces[0]!, wall(ZONE, 2, 9), wall(ZONE, 2, 17), { subject: 'Offsite prep' });
    await syncDueEvents(s.deps);
    const event = calendar()[id]!;
    expect(event.start.toISOString()).toBe(utc(wall(ZONE, 2, 9)));
    expect(event.end.toISOString()).toBe(utc(wall(ZONE, 2, 17)));
    expect(event.summary).toMatch(/^Seat Reservation: Desk 1, Floor /);
    expect(event.props.DESCRIPTION).toContain('Offsite prep');

    await alice.put(`/booking/${id}`, {
      spaceId: floor.spaces[1],
      enter: wall(ZONE, 3, 13),
      leave: wall(ZONE, 3, 15),
      subject: '',
    });
    await syncDueEvents(s.deps);
    expect(calendar()[id]).toMatchObject({ sequence: 1, location: expect.stringMatching(/^Desk 2, /) });
    expect(calendar()[id]!.start.toISOString()).toBe(utc(wall(ZONE, 3, 13)));

    await alice.delete(`/booking/${id}`);
    await syncDueEvents(s.deps);
    expect(calendar()).toEqual({});
    expect((await s.deps.db.selectFrom('caldav_sync_queue').selectAll().execute()).length).toBe(0);
  });

  it('takes the bookings of an account merged into this one into the calendar, without a mail', async () => {
    const bobId = await s.createUser({ email: 'bob@test.perch.local', firstname: 'Bob' });
    await s.deps.db.updateTable('users').set({ atlassian_id: 'bob-wiki' }).where('id', '=', bobId).execute();
    const bob = await s.signIn('bob@test.perch.local');
    const moved = await book(bob, floor.spaces[1]!, wall(ZONE, 2, 9), wall(ZONE, 2, 17));
    await syncDueEvents(s.deps);
    expect(calendar()).toEqual({});

    await bob.post('/user/merge/init', { email: 'alice@test.perch.local' });
    const [request] = await alice.get<MergeRequest[]>('/user/merge');
    const mails = () => s.deps.db.selectFrom('mail_outbox').select('id').execute();
    const mailsBefore = (await mails()).length;
    expect((await alice.post(`/user/merge/finish/${request!.id}`, { password: TEST_PASSWORD })).status).toBe(204);
    expect((await mails()).length).toBe(mailsBefore);

    expect(await syncDueEvents(s.deps)).toBe(1);
    expect(Object.keys(calendar())).toEqual([moved]);
  });

  it('writes a series date by date and removes what its end cancels', async () => {
    const res = await alice.post<{ success: boolean; id: string }[]>('/recurring-booking/', {
      spaceId: floor.spaces[0],
      subject: '',
      enter: wall(ZONE, 2, 9),
      leave: wall(ZONE, 2, 10),
      end: wall(ZONE, 4, 23),
      cadence: 1,
      cycle: 1,
      weekdays: [],
    });
    await syncDueEvents(s.deps);
    const ids = res.data.filter((r) => r.success).map((r) => r.id);
    expect(Object.keys(calendar()).sort()).toEqual([...ids].sort());
    await alice.delete(`/recurring-booking/${res.objectId}`);
    await syncDueEvents(s.deps);
    expect(calendar()).toEqual({});
  });

  it('writes pending bookings only once approved, and bookings an admin makes for the user', async () => {
    const group = (await s.admin.post('/group/', { name: 'Approvers' })).objectId!;
    await s.admin.put(`/location/${floor.locationId}/space/${floor.spaces[2]}/approver`, [group]);
    const admin = await s.admin.get<{ id: string }>('/user/me');
    await s.admin.put(`/group/${group}/member`, [admin.id]);
    const pending = await book(alice, floor.spaces[2]!, wall(ZONE, 2, 9), wall(ZONE, 2, 10));
    const declined = await book(alice, floor.spaces[2]!, wall(ZONE, 2, 11), wall(ZONE, 2, 12));
    await syncDueEvents(s.deps);
    expect(calendar()).toEqual({});
    await s.admin.post(`/booking/${pending}/approve`, { approved: true });
    await s.admin.post(`/booking/${declined}/approve`, { approved: false });
    const forAlice = await book(s.admin, floor.spaces[0]!, wall(ZONE, 2, 9), wall(ZONE, 2, 10), {
      userEmail: 'alice@test.perch.local',
    });
    await syncDueEvents(s.deps);
    expect(Object.keys(calendar()).sort()).toEqual([pending, forAlice].sort());
    await s.admin.delete(`/booking/${forAlice}`);
    await syncDueEvents(s.deps);
    expect(Object.keys(calendar())).toEqual([pending]);
  });

  it('never holds up a booking while the calendar server is down, and delivers once it is back', async () => {
    await dav.stop();
    try {
      const started = Date.now();
      const id = await book(alice, floor.spaces[0]!, wall(ZONE, 2, 9), wall(ZONE, 2, 10));
      expect(Date.now() - started).toBeLessThan(2_000);
      await syncDueEvents(s.deps);
      const failing = await status();
      expect(failing.pending).toBe(1);
      expect(failing.lastError).toMatch(/^The calendar server cannot be reached/);
      expect(failing.lastErrorAt).not.toBeNull();
      // Not tried again before its pause is over.
      expect(await syncDueEvents(s.deps)).toBe(0);

      await dav.start();
      await s.deps.db.updateTable('caldav_sync_queue').set({ due_at: new Date() }).execute();
      expect(await syncDueEvents(s.deps)).toBe(1);
      expect(Object.keys(calendar())).toEqual([id]);
      expect(await status()).toMatchObject({ pending: 0, lastError: '', lastErrorAt: null });
    } finally {
      await dav.start().catch(() => undefined);
    }
  });

  it('shows the refused password as the last error, and the test says so too', async () => {
    // The stored password no longer works (changed on the calendar server since connecting).
    await s.deps.db
      .updateTable('user_preferences')
      .set({ value: s.deps.secrets.encrypt('no-longer-valid') })
      .where('name', '=', 'caldav_pass')
      .execute();
    await book(alice, floor.spaces[0]!, wall(ZONE, 2, 9), wall(ZONE, 2, 10));
    await syncDueEvents(s.deps);
    expect((await status()).lastError).toBe('The calendar server refused the user name or password');
    const test = await failure(alice.post('/preference/caldav/connection/test'));
    expect(test.status).toBe(400);
    expect(test.message).toMatch(/^CalDAV connection error \(check URL and credentials\)/);
  });

  it('disconnects keeping the events, or removing them when asked', async () => {
    const id = await book(alice, floor.spaces[0]!, wall(ZONE, 2, 9), wall(ZONE, 2, 10));
    await syncDueEvents(s.deps);
    expect((await alice.request('DELETE', '/preference/caldav/connection')).data).toEqual({
      removed: 0,
      failed: 0,
    });
    expect(Object.keys(calendar())).toEqual([id]);
    expect(await status()).toMatchObject({ connected: false, url: '' });
    expect((await failure(alice.post('/preference/caldav/connection/test'))).status).toBe(404);

    await connect();
    await syncDueEvents(s.deps);
    const res = await alice.request('DELETE', '/preference/caldav/connection', { query: { removeEvents: '1' } });
    expect(res.data).toEqual({ removed: 1, failed: 0 });
    expect(calendar()).toEqual({});
  });
});

describe('two servers on one database', () => {
  it('write each event once between them', async () => {
    // A proxy in front of the calendar server counts the writes per event.
    const writes = new Map<string, number>();
    const proxy = http.createServer((req, res) => {
      if (req.method === 'PUT') writes.set(req.url ?? '', (writes.get(req.url ?? '') ?? 0) + 1);
      const upstream = http.request(
        `${dav.url.replace(/\/$/, '')}${req.url}`,
        { method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()));
    const other = await startTestServer({ PUBLIC_URL: 'https://perch.example.com' }, { reset: false });
    try {
      const viaProxy = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`;
      await connect(alice, { url: viaProxy });
      for (let day = 1; day <= 8; day++)
        await book(alice, floor.spaces[day % 3]!, wall(ZONE, day, 9), wall(ZONE, day, 10));
      const [a, b] = await Promise.all([syncDueEvents(s.deps), syncDueEvents(other.deps)]);
      expect(a + b).toBe(8);
      expect(writes.size).toBe(8);
      expect([...writes.values()].every((n) => n === 1)).toBe(true);
      expect(Object.keys(calendar())).toHaveLength(8);
    } finally {
      await other.close();
      proxy.close();
    }
  });
});

describe('the calendar feed', () => {
  it('is a valid calendar for an independent parser, with pending bookings tentative', async () => {
    const group = (await s.admin.post('/group/', { name: 'Approvers' })).objectId!;
    await s.admin.put(`/location/${floor.locationId}/space/${floor.spaces[2]}/approver`, [group]);
    const confirmed = await book(alice, floor.spaces[0]!, wall(ZONE, 2, 9), wall(ZONE, 2, 17));
    const pending = await book(alice, floor.spaces[2]!, wall(ZONE, 3, 9), wall(ZONE, 3, 10));
    const feed = await alice.post<{ url: string }>('/preference/calendar-feed');
    const res = await fetch(feed.data.url.replace('https://perch.example.com', s.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    // Debian's Python, where python3-icalendar is installed.
    const parsed = spawnSync(
      '/usr/bin/python3',
      [
        '-c',
        [
          'import sys, json, icalendar',
          'cal = icalendar.Calendar.from_ical(sys.stdin.read())',
          'print(json.dumps([{"uid": str(e["UID"]), "start": e.decoded("DTSTART").isoformat(),',
          '  "status": str(e.get("STATUS")), "summary": str(e["SUMMARY"])} for e in cal.walk("VEVENT")]))',
        ].join('\n'),
      ],
      { input: await res.text(), encoding: 'utf8' },
    );
    expect(parsed.stderr).toBe('');
    const events = JSON.parse(parsed.stdout) as { uid: string; start: string; status: string; summary: string }[];
    expect(events.map((e) => [e.uid, e.status])).toEqual([
      [confirmed, 'CONFIRMED'],
      [pending, 'TENTATIVE'],
    ]);
    expect(new Date(events[0]!.start).toISOString()).toBe(utc(wall(ZONE, 2, 9)));
  });
});
