import type { PerchClient } from '@perch/client';
import { Role, type CalendarFeed } from '@perch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, createFloor, wall } from '../../test-support/bookings.js';
import { failure, statusOf } from '../../test-support/http.js';
import { parseIcs } from '../../test-support/ical.js';
import { createOrganization } from '../../test-support/organizations.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

/**
 * Calendar files of bookings and series, the personal calendar feed, and
 * the CalDAV routes' answers that need no calendar server (that part: caldav.system.test.ts).
 */

const ZONE = 'Europe/Berlin';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
let s: TestServer;
let user: PerchClient;
let colleague: PerchClient;
let spaceAdmin: PerchClient;
let foreignAdmin: PerchClient;
let booking: string;
let series: string;
let seriesDates: string[];

beforeAll(async () => {
  s = await startTestServer({ PUBLIC_URL: 'https://perch.example.com' });
  await s.reset();
  for (const [name, role] of [
    ['user', Role.User],
    ['colleague', Role.User],
    ['spaceadmin', Role.SpaceAdmin],
  ] as const)
    await s.createUser({ email: `${name}@test.perch.local`, role });
  user = await s.signIn('user@test.perch.local');
  colleague = await s.signIn('colleague@test.perch.local');
  spaceAdmin = await s.signIn('spaceadmin@test.perch.local');
  foreignAdmin = (
    await createOrganization(s, { name: 'Globex', domain: 'globex.example', adminEmail: 'hank@globex.example' })
  ).admin!;
  const floor = await createFloor(s, { zone: ZONE, desks: 2 });
  booking = await book(user, floor.spaces[0]!, wall(ZONE, 1, 9), wall(ZONE, 1, 10), { subject: 'Review' });
  const res = await user.post<{ success: boolean; id: string }[]>('/recurring-booking/', {
    spaceId: floor.spaces[1]!,
    enter: wall(ZONE, 1, 9),
    leave: wall(ZONE, 1, 10),
    end: wall(ZONE, 3, 23),
    cadence: 1,
    cycle: 1,
    weekdays: [],
    subject: '',
  });
  series = res.objectId!;
  seriesDates = res.data.filter((r) => r.success).map((r) => r.id);
});
afterAll(() => s.close());

describe('calendar files', () => {
  it('give a booking as one event, named after its start in the area’s zone', async () => {
    const res = await user.request<string>('GET', `/booking/${booking}/ical`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const day = wall(ZONE, 1, 9).slice(0, 10).replaceAll('-', '');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="seatsurfing-${day}-0900.ics"`);
    const file = parseIcs(res.data);
    expect(file.method).toBe('');
    expect(file.events).toHaveLength(1);
    expect(file.events[0]).toMatchObject({ uid: booking, sequence: 0, status: 'CONFIRMED' });
    expect(file.events[0]!.props.DESCRIPTION).toContain('Review');
    expect(file.events[0]!.props.DESCRIPTION).toContain('https://perch.example.com/ui/bookings/');
    expect(res.data).toContain('PRODID:-//seatsurfing.io//seatsurfing//EN');
  });

  it('give a series as one event per date', async () => {
    const res = await user.request<string>('GET', `/recurring-booking/${series}/ical`);
    expect(res.status).toBe(200);
    expect(
      parseIcs(res.data)
        .events.map((e) => e.uid)
        .sort(),
    ).toEqual([...seriesDates].sort());
  });

  it('are for the owner and space admins of the organisation only', async () => {
    for (const path of [`/booking/${booking}/ical`, `/recurring-booking/${series}/ical`]) {
      expect(await statusOf(spaceAdmin.request('GET', path)), path).toBe(200);
      expect(await statusOf(colleague.request('GET', path)), path).toBe(403);
      expect(await statusOf(foreignAdmin.request('GET', path)), path).toBe(404);
      expect(await statusOf(s.client().request('GET', path, { anonymous: true })), path).toBe(401);
    }
    expect((await failure(user.request('GET', `/booking/${UNKNOWN}/ical`))).status).toBe(404);
    expect((await failure(user.request('GET', `/recurring-booking/${UNKNOWN}/ical`))).status).toBe(404);
  });
});

describe('the calendar feed', () => {
  const fetchFeed = (url: string) => fetch(url.replace('https://perch.example.com', s.url));

  it('is off until created; its secret address lists the owner’s bookings only', async () => {
    expect(await colleague.get<CalendarFeed>('/preference/calendar-feed')).toEqual({
      url: null,
      webcalUrl: null,
      createdAt: null,
      lastPolledAt: null,
    });
    const feed = (await user.post<CalendarFeed>('/preference/calendar-feed')).data;
    expect(feed.url).toMatch(/^https:\/\/perch\.example\.com\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.webcalUrl).toBe(feed.url!.replace('https:', 'webcal:'));
    const res = await fetchFeed(feed.url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const uids = parseIcs(await res.text()).events.map((e) => e.uid);
    expect(uids.sort()).toEqual([booking, ...seriesDates].sort());
    expect((await user.get<CalendarFeed>('/preference/calendar-feed')).lastPolledAt).not.toBeNull();
    // Without ".ics" too; the same address again on reading.
    expect((await fetchFeed(feed.url!.replace(/\.ics$/, ''))).status).toBe(200);
    expect((await user.get<CalendarFeed>('/preference/calendar-feed')).url).toBe(feed.url);
  });

  it('stops answering at the old address once reset or turned off, and for disabled accounts', async () => {
    const first = (await user.post<CalendarFeed>('/preference/calendar-feed')).data;
    const second = (await user.post<CalendarFeed>('/preference/calendar-feed')).data;
    expect(second.url).not.toBe(first.url);
    expect((await fetchFeed(first.url!)).status).toBe(404);
    expect((await fetchFeed(second.url!)).status).toBe(200);
    expect((await fetchFeed(`${s.url}/calendar-feed/not-a-token.ics`)).status).toBe(404);

    const other = (await colleague.post<CalendarFeed>('/preference/calendar-feed')).data;
    await s.deps.db
      .updateTable('users')
      .set({ disabled: true })
      .where('email', '=', 'colleague@test.perch.local')
      .execute();
    expect((await fetchFeed(other.url!)).status).toBe(404);

    expect((await user.request('DELETE', '/preference/calendar-feed')).status).toBe(204);
    expect((await fetchFeed(second.url!)).status).toBe(404);
    expect((await user.get<CalendarFeed>('/preference/calendar-feed')).url).toBeNull();
  });
});

describe('CalDAV routes without a calendar server', () => {
  const body = { url: 'http://127.0.0.1:9/', username: 'u', password: 'p' };

  it('check the body first, then answer 404 for a server that cannot be reached', async () => {
    const unreachable = await failure(user.post('/preference/caldav/listCalendars', body));
    expect(unreachable.status).toBe(404);
    expect(unreachable.message).toMatch(/^CalDAV connection error \(check URL and credentials\): /);
    for (const bad of [
      { ...body, url: 'dav.example' },
      { ...body, url: `https://d.example/${'x'.repeat(256)}` },
      { url: body.url, username: 'u' },
    ])
      expect(await statusOf(user.post('/preference/caldav/listCalendars', bad))).toBe(400);
    expect(await statusOf(s.client().post('/preference/caldav/listCalendars', body))).toBe(401);
  });

  it('connect nothing they cannot reach, and have nothing to test or show before', async () => {
    const refused = await failure(user.put('/preference/caldav/connection', { ...body, path: '/u/cal/' }));
    expect(refused.status).toBe(400);
    expect(await user.get('/preference/caldav/connection')).toEqual({
      connected: false,
      url: '',
      username: '',
      path: '',
      lastSyncAt: null,
      lastError: '',
      lastErrorAt: null,
      pending: 0,
    });
    expect((await failure(user.post('/preference/caldav/connection/test'))).status).toBe(404);
    expect((await user.request('DELETE', '/preference/caldav/connection')).data).toEqual({ removed: 0, failed: 0 });
  });
});
