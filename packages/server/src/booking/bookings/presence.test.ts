import type { PerchClient } from '@perch/client';
import type { PresenceReport } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { book, createFloor, setSettings, type Floor } from '../../test-support/bookings.js';
import { failure, statusOf } from '../../test-support/http.js';
import { createOrganization } from '../../test-support/organizations.js';
import { ADMIN_EMAIL, startTestServer, type TestServer } from '../../test-support/server.js';

/** GET /booking/report/presence/: who was in on which day. */
let s: TestServer;
let berlin: Floor;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(async () => {
  await s.reset();
  await setSettings(s, { max_days_in_advance: '9999', max_booking_duration_hours: '9999' });
  berlin = await createFloor(s, { zone: 'Europe/Berlin', desks: 3 });
});

const PATH = '/booking/report/presence/';
const report = (c: PerchClient, query: Record<string, string>) => c.get<PresenceReport>(PATH, query);

/** The row of one person, by email. */
function rowOf(r: PresenceReport, email: string): number[] {
  const i = r.users.findIndex((u) => u.email === email);
  if (i < 0) throw new Error(`${email} is not in the report`);
  return r.presences[i]!;
}

async function person(email: string, role = 0, names: { firstname?: string; lastname?: string } = {}) {
  await s.createUser({ email, role, ...names });
  return s.signIn(email);
}

describe('presence report', () => {
  it('answers users by email, one date per day from start while before end, and a row of counts per user', async () => {
    await s.createUser({ email: 'zoe@test.perch.local', firstname: 'Zoe', lastname: 'Zed' });
    const ann = await person('ann@test.perch.local', 0, { firstname: 'Ann', lastname: 'Able' });
    await book(ann, berlin.spaces[0]!, '2030-09-03T09:00:00Z', '2030-09-03T17:00:00Z');

    const r = await report(s.admin, { start: '2030-09-01T00:00:00Z', end: '2030-09-08T00:00:00Z' });
    expect(r.dates).toEqual([
      '2030-09-01',
      '2030-09-02',
      '2030-09-03',
      '2030-09-04',
      '2030-09-05',
      '2030-09-06',
      '2030-09-07',
    ]);
    expect(r.users.map((u) => u.email)).toEqual([ADMIN_EMAIL, 'ann@test.perch.local', 'zoe@test.perch.local'].sort());
    expect(r.users.find((u) => u.email === 'ann@test.perch.local')).toEqual({
      userId: expect.any(String),
      email: 'ann@test.perch.local',
      firstname: 'Ann',
      lastname: 'Able',
    });
    expect(r.presences).toHaveLength(r.users.length);
    for (const row of r.presences) expect(row).toHaveLength(7);
    expect(rowOf(r, 'ann@test.perch.local')).toEqual([0, 0, 1, 0, 0, 0, 0]);
    expect(rowOf(r, 'zoe@test.perch.local')).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('starts at the date of start and includes the day end falls in unless end is its midnight', async () => {
    const afternoon = await report(s.admin, { start: '2030-09-01T15:30:00Z', end: '2030-09-03T08:00:00Z' });
    expect(afternoon.dates).toEqual(['2030-09-01', '2030-09-02', '2030-09-03']);
    const dates = await report(s.admin, { start: '2030-09-01', end: '2030-09-03' });
    expect(dates.dates).toEqual(['2030-09-01', '2030-09-02']);
    // Offsets are ignored: the digits name the days.
    const offset = await report(s.admin, { start: '2030-09-01T00:00:00+09:00', end: '2030-09-02T00:00:00-05:00' });
    expect(offset.dates).toEqual(['2030-09-01']);
  });

  it('counts a multi-day booking on every day it touches and two bookings of one day as 2', async () => {
    const ann = await person('ann@test.perch.local');
    await book(ann, berlin.spaces[0]!, '2030-09-02T09:00:00Z', '2030-09-04T12:00:00Z');
    await book(ann, berlin.spaces[1]!, '2030-09-05T08:00:00Z', '2030-09-05T10:00:00Z');
    await book(ann, berlin.spaces[2]!, '2030-09-05T14:00:00Z', '2030-09-05T16:00:00Z');
    // Leaving at midnight does not make someone present the next day.
    await book(ann, berlin.spaces[0]!, '2030-09-06T20:00:00Z', '2030-09-07T00:00:00Z');
    const r = await report(s.admin, { start: '2030-09-01T00:00:00Z', end: '2030-09-09T00:00:00Z' });
    expect(rowOf(r, 'ann@test.perch.local')).toEqual([0, 1, 1, 1, 2, 1, 0, 0]);
  });

  it('counts a booking that started before the window on the window days it covers', async () => {
    const ann = await person('ann@test.perch.local');
    await book(ann, berlin.spaces[0]!, '2030-08-30T09:00:00Z', '2030-09-02T12:00:00Z');
    const r = await report(s.admin, { start: '2030-09-01T00:00:00Z', end: '2030-09-04T00:00:00Z' });
    expect(rowOf(r, 'ann@test.perch.local')).toEqual([1, 1, 0]);
  });

  it("takes each booking's days in its own area's zone, whatever the day looks like in UTC", async () => {
    const tokyo = await createFloor(s, { zone: 'Asia/Tokyo', desks: 1 });
    const newYork = await createFloor(s, { zone: 'America/New_York', desks: 1 });
    const ann = await person('ann@test.perch.local');
    const bob = await person('bob@test.perch.local');
    const cat = await person('cat@test.perch.local');
    // 00:30–02:00 on 3 Sept in Tokyo is still 2 Sept in UTC.
    await book(ann, tokyo.spaces[0]!, '2030-09-03T00:30:00Z', '2030-09-03T02:00:00Z');
    // 22:00–23:30 on 3 Sept in New York is already 4 Sept in UTC.
    await book(bob, newYork.spaces[0]!, '2030-09-03T22:00:00Z', '2030-09-03T23:30:00Z');
    // Across local midnight in Tokyo: two Tokyo days.
    await book(cat, tokyo.spaces[0]!, '2030-09-04T22:00:00Z', '2030-09-05T02:00:00Z');
    const r = await report(s.admin, { start: '2030-09-02', end: '2030-09-06' });
    expect(r.dates).toEqual(['2030-09-02', '2030-09-03', '2030-09-04', '2030-09-05']);
    expect(rowOf(r, 'ann@test.perch.local')).toEqual([0, 1, 0, 0]);
    expect(rowOf(r, 'bob@test.perch.local')).toEqual([0, 1, 0, 0]);
    expect(rowOf(r, 'cat@test.perch.local')).toEqual([0, 0, 1, 1]);
  });

  it('an area without a zone of its own uses the organisation default', async () => {
    await setSettings(s, { default_timezone: 'Asia/Tokyo' });
    const plain = await createFloor(s, { zone: '', desks: 1 });
    const ann = await person('ann@test.perch.local');
    await book(ann, plain.spaces[0]!, '2030-09-03T00:30:00Z', '2030-09-03T02:00:00Z');
    const r = await report(s.admin, { start: '2030-09-02', end: '2030-09-04' });
    expect(rowOf(r, 'ann@test.perch.local')).toEqual([0, 1]);
  });

  it('counts only bookings in the area asked for', async () => {
    const other = await createFloor(s, { desks: 1 });
    const ann = await person('ann@test.perch.local');
    await book(ann, berlin.spaces[0]!, '2030-09-02T09:00:00Z', '2030-09-02T12:00:00Z');
    await book(ann, other.spaces[0]!, '2030-09-03T09:00:00Z', '2030-09-03T12:00:00Z');
    const window = { start: '2030-09-02', end: '2030-09-04' };
    expect(rowOf(await report(s.admin, window), 'ann@test.perch.local')).toEqual([1, 1]);
    const inBerlin = await report(s.admin, { ...window, locationId: berlin.locationId });
    expect(rowOf(inBerlin, 'ann@test.perch.local')).toEqual([1, 0]);
    // Everyone is still listed, present or not.
    expect(inBerlin.users.map((u) => u.email)).toContain(ADMIN_EMAIL);
    const upper = await report(s.admin, { ...window, locationId: other.locationId.toUpperCase() });
    expect(rowOf(upper, 'ann@test.perch.local')).toEqual([0, 1]);
  });

  it('refuses more than 31 days with 2001 and takes exactly 31', async () => {
    const ok = await report(s.admin, { start: '2030-01-01T00:00:00Z', end: '2030-02-01T00:00:00Z' });
    expect(ok.dates).toHaveLength(31);
    expect(ok.dates.at(-1)).toBe('2030-01-31');
    const tooLong = await failure(report(s.admin, { start: '2030-01-01T00:00:00Z', end: '2030-02-01T00:00:01Z' }));
    expect([tooLong.status, tooLong.appCode]).toEqual([400, 2001]);
    expect((await failure(report(s.admin, { start: '2030-01-01', end: '2030-03-01' }))).appCode).toBe(2001);
  });

  it('answers 400 for missing, malformed or reversed dates', async () => {
    for (const query of [
      { start: '2030-09-01' },
      { end: '2030-09-02' },
      { start: 'yesterday', end: '2030-09-02' },
      { start: '2030-02-30', end: '2030-03-02' },
      { start: '2030-09-01T25:00:00Z', end: '2030-09-02' },
      { start: '0000-01-01', end: '0000-01-02' },
      { start: '9999-12-30', end: '9999-12-31' },
      { start: '2030-09-03', end: '2030-09-02' },
      { start: '2030-09-02', end: '2030-09-02' },
    ]) {
      const e = await failure(s.admin.get(PATH, query));
      expect([e.status, e.appCode || 0], JSON.stringify(query)).toEqual([400, 0]);
    }
  });

  it('answers 400 for an area id that is malformed, unknown or of another organisation', async () => {
    const other = await createOrganization(s, { adminEmail: 'boss@other.example' });
    const foreign = (await other.admin!.post('/location/', { name: 'Theirs', enabled: true })).objectId!;
    const window = { start: '2030-09-01', end: '2030-09-02' };
    for (const locationId of ['nope', '00000000-0000-4000-8000-000000000000', foreign])
      expect(await statusOf(report(s.admin, { ...window, locationId }))).toBe(400);
  });

  it('is for space admins and up (403 below) and 404 while hide_reports is on', async () => {
    const window = { start: '2030-09-01', end: '2030-09-02' };
    const user = await person('user@test.perch.local');
    const spaceAdmin = await person('sa@test.perch.local', 10);
    const orgAdmin = await person('oa@test.perch.local', 20);
    expect(await statusOf(report(user, window))).toBe(403);
    expect(await statusOf(report(spaceAdmin, window))).toBe(200);
    expect(await statusOf(report(orgAdmin, window))).toBe(200);
    expect(await statusOf(s.client().get(PATH, window))).toBe(401);

    await setSettings(s, { hide_reports: '1' });
    expect(await statusOf(report(spaceAdmin, window))).toBe(404);
    expect(await statusOf(report(s.admin, window))).toBe(404);
    // Hidden before the dates are looked at; the role is checked first.
    expect(await statusOf(report(spaceAdmin, { start: '2030-01-01', end: '2030-06-01' }))).toBe(404);
    expect(await statusOf(report(user, window))).toBe(403);
    await setSettings(s, { hide_reports: '0' });
    expect(await statusOf(report(spaceAdmin, window))).toBe(200);
  });

  it("never shows another organisation's people or bookings", async () => {
    const ann = await person('ann@test.perch.local');
    await book(ann, berlin.spaces[0]!, '2030-09-02T09:00:00Z', '2030-09-02T12:00:00Z');
    const other = await createOrganization(s, { adminEmail: 'boss@other.example' });
    const boss = other.admin!;
    await boss.put('/setting/', [
      { name: 'max_days_in_advance', value: '9999' },
      { name: 'max_booking_duration_hours', value: '9999' },
    ]);
    const area = (await boss.post('/location/', { name: 'Theirs', enabled: true, timezone: 'Europe/Berlin' }))
      .objectId!;
    const desk = (await boss.post(`/location/${area}/space/`, { name: 'Their desk' })).objectId!;
    await book(boss, desk, '2030-09-02T09:00:00Z', '2030-09-03T12:00:00Z');

    const window = { start: '2030-09-02', end: '2030-09-04' };
    const ours = await report(s.admin, window);
    expect(ours.users.map((u) => u.email)).not.toContain('boss@other.example');
    expect(ours.presences.flat().reduce((a, b) => a + b, 0)).toBe(1);

    const theirs = await report(boss, window);
    expect(theirs.users.map((u) => u.email)).toEqual(['boss@other.example']);
    expect(theirs.presences).toEqual([[1, 1]]);
    // Their report cannot be narrowed to our area either.
    expect(await statusOf(report(boss, { ...window, locationId: berlin.locationId }))).toBe(400);
  });

  it('lists people without bookings and answers the same for an empty window of an empty organisation', async () => {
    const r = await report(s.admin, { start: '2031-01-01', end: '2031-01-03' });
    expect(r).toEqual({
      users: [
        { userId: expect.any(String), email: ADMIN_EMAIL, firstname: expect.any(String), lastname: expect.any(String) },
      ],
      dates: ['2031-01-01', '2031-01-02'],
      presences: [[0, 0]],
    });
  });
});
