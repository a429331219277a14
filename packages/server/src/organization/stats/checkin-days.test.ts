import { ErrorCode, routes, type StatsCheckInDay } from '@perch/contract';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFloor, setSettings, type Floor } from '../../test-support/bookings.js';
import { failure, statusOf } from '../../test-support/http.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

/**
 * GET /stats/checkin/days and its CSV: a Berlin area (two desks; summer time starts on
 * 31 March 2024) and a Kiritimati area (UTC+14, one desk, its name a spreadsheet formula), with
 * bookings whose local day differs from their day in UTC (at both ends of the days asked for), checked in, released as no-shows,
 * released because their person would not come, and freed desks booked again.
 */
let s: TestServer;
let berlin: Floor;
let kiritimati: Floor;
let userId = '';
const B = 'Europe/Berlin';
const K = 'Pacific/Kiritimati';
const FORMULA_NAME = '=SUM(1,2) Kiritimati';
const DAYS = { from: '2024-03-30', to: '2024-04-01' };

const at = (zone: string, local: string) => DateTime.fromISO(local, { zone }).toJSDate();

async function insert(
  floor: Floor,
  space: number,
  zone: string,
  enter: string,
  leave: string,
  outcome: {
    checkedIn?: boolean;
    released?: { at: string; reason: 'no-show' | 'not-coming' };
    /** When it was made (local time); a day before its start unless given. */
    created?: string;
  } = {},
): Promise<void> {
  const enterAt = at(zone, enter);
  const bookedLeave = at(zone, leave);
  const releasedAt = outcome.released ? at(zone, outcome.released.at) : null;
  await s.deps.db
    .insertInto('bookings')
    .values({
      organization_id: s.orgId,
      location_id: floor.locationId,
      space_id: floor.spaces[space]!,
      user_id: userId,
      enter_at: enterAt,
      // A release ends the booking then and keeps the end as booked.
      leave_at: releasedAt ?? bookedLeave,
      booked_leave_at: releasedAt ? bookedLeave : null,
      released_at: releasedAt,
      release_reason: outcome.released?.reason ?? null,
      checked_in_at: outcome.checkedIn ? enterAt : null,
      created_at: outcome.created ? at(zone, outcome.created) : new Date(enterAt.getTime() - 86_400_000),
      recurring_id: null,
      last_info_mail_sent_at: null,
      reminder_sent_at: null,
    })
    .execute();
}

beforeAll(async () => {
  s = await startTestServer();
  berlin = await createFloor(s, { zone: B, desks: 2, area: { name: 'Berlin' } });
  kiritimati = await createFloor(s, { zone: K, desks: 1, area: { name: FORMULA_NAME } });
  userId = (await s.admin.get<{ id: string }>('/user/me')).id;
  // Berlin, 31 March: 00:30 local is still 30 March in UTC; one checked in.
  await insert(berlin, 0, B, '2024-03-31T00:30', '2024-03-31T01:30');
  await insert(berlin, 1, B, '2024-03-31T09:00', '2024-03-31T17:00', { checkedIn: true });
  // Berlin, 1 April: a no-show whose desk someone took after the release (checked in), and a
  // release because its person would not come, whose desk stayed free.
  await insert(berlin, 0, B, '2024-04-01T09:00', '2024-04-01T17:00', {
    released: { at: '2024-04-01T09:30', reason: 'no-show' },
  });
  await insert(berlin, 0, B, '2024-04-01T10:00', '2024-04-01T12:00', {
    checkedIn: true,
    created: '2024-04-01T09:45',
  });
  await insert(berlin, 1, B, '2024-04-01T09:00', '2024-04-01T17:00', {
    released: { at: '2024-04-01T10:00', reason: 'not-coming' },
  });
  // Kiritimati, 1 April from 08:00: 31 March in UTC. A no-show, its desk booked again.
  await insert(kiritimati, 0, K, '2024-04-01T08:00', '2024-04-01T10:00', {
    released: { at: '2024-04-01T08:30', reason: 'no-show' },
  });
  await insert(kiritimati, 0, K, '2024-04-01T09:00', '2024-04-01T10:00', {
    checkedIn: true,
    created: '2024-04-01T08:40',
  });
  // 30 March in Kiritimati though 29 March in UTC; 2 April there though 1 April in UTC.
  await insert(kiritimati, 0, K, '2024-03-30T00:30', '2024-03-30T01:00');
  await insert(kiritimati, 0, K, '2024-04-02T00:30', '2024-04-02T01:00');
});
afterAll(() => s.close());

const zero = { bookings: 0, checkedIn: 0, noShows: 0, released: 0, rebooked: 0 };

describe('GET /stats/checkin/days', () => {
  it('answers one row per day and area, each area counting its own local days', async () => {
    const { days } = await s.admin.call(routes.stats.checkInDays, { query: DAYS });
    expect(days).toHaveLength(6);
    expect(days.map((d) => d.date)).toEqual([
      '2024-03-30',
      '2024-03-30',
      '2024-03-31',
      '2024-03-31',
      '2024-04-01',
      '2024-04-01',
    ]);
    const row = (date: string, floor: Floor) =>
      days.find((d) => d.date === date && d.locationId === floor.locationId) as StatsCheckInDay;
    expect(row('2024-03-30', berlin)).toMatchObject(zero);
    expect(row('2024-03-30', kiritimati)).toMatchObject({ ...zero, bookings: 1 });
    expect(row('2024-03-31', berlin)).toMatchObject({ ...zero, bookings: 2, checkedIn: 1 });
    expect(row('2024-03-31', kiritimati)).toMatchObject(zero);
    // No-shows are the releases of nobody checking in; released counts every release.
    expect(row('2024-04-01', berlin)).toEqual({
      date: '2024-04-01',
      locationId: berlin.locationId,
      bookings: 3,
      checkedIn: 1,
      noShows: 1,
      released: 2,
      rebooked: 1,
    });
    expect(row('2024-04-01', kiritimati)).toMatchObject({
      bookings: 2,
      checkedIn: 1,
      noShows: 1,
      released: 1,
      rebooked: 1,
    });
  });

  it('answers for one area', async () => {
    const { days } = await s.admin.call(routes.stats.checkInDays, {
      query: { ...DAYS, locationId: kiritimati.locationId },
    });
    expect(days.map((d) => [d.date, d.locationId, d.bookings])).toEqual([
      ['2024-03-30', kiritimati.locationId, 1],
      ['2024-03-31', kiritimati.locationId, 0],
      ['2024-04-01', kiritimati.locationId, 2],
    ]);
    const oneDay = await s.admin.call(routes.stats.checkInDays, {
      query: { from: '2024-04-02', to: '2024-04-02', locationId: kiritimati.locationId },
    });
    expect(oneDay.days).toEqual([{ ...zero, date: '2024-04-02', locationId: kiritimati.locationId, bookings: 1 }]);
  });

  it('covers at most 92 days (400 with 2002 beyond), in order, of known areas', async () => {
    // 1 January to 1 April 2024: 31 + 29 + 31 + 1 days.
    const quarter = await s.admin.call(routes.stats.checkInDays, { query: { from: '2024-01-01', to: '2024-04-01' } });
    expect(quarter.days).toHaveLength(92 * 2);
    const tooLong = await failure(
      s.admin.call(routes.stats.checkInDays, { query: { from: '2024-01-01', to: '2024-04-02' } }),
    );
    expect([tooLong.status, tooLong.appCode]).toEqual([400, ErrorCode.StatsDateRangeTooLong]);
    const csvTooLong = await failure(
      s.admin.callResponse(routes.stats.checkInDaysCsv, { query: { from: '2024-01-01', to: '2024-04-02' } }),
    );
    expect([csvTooLong.status, csvTooLong.appCode]).toEqual([400, ErrorCode.StatsDateRangeTooLong]);
    expect(await statusOf(s.admin.get('/stats/checkin/days', { from: '2024-04-02', to: '2024-04-01' }))).toBe(400);
    expect(await statusOf(s.admin.get('/stats/checkin/days', { from: '2024-02-30', to: '2024-03-01' }))).toBe(400);
    expect(await statusOf(s.admin.get('/stats/checkin/days', { from: '0999-12-31', to: '1000-01-01' }))).toBe(400);
    expect(await statusOf(s.admin.get('/stats/checkin/days', { to: '2024-03-01' }))).toBe(400);
    expect(await statusOf(s.admin.get('/stats/checkin/days', { ...DAYS, locationId: 'nope' }))).toBe(400);
  });

  it('is for space admins (403 for others), and hidden with hide_stats', async () => {
    await s.createUser({ email: 'days-user@test.perch.local' });
    const u = await s.signIn('days-user@test.perch.local');
    expect(await statusOf(u.get('/stats/checkin/days', DAYS))).toBe(403);
    expect(await statusOf(u.get('/stats/checkin/days.csv', DAYS))).toBe(403);
    // Refused before the days are looked at.
    expect(await statusOf(u.get('/stats/checkin/days', { from: '2024-01-01', to: '2024-12-31' }))).toBe(403);
    await setSettings(s, { hide_stats: '1' });
    expect(await statusOf(s.admin.get('/stats/checkin/days', DAYS))).toBe(404);
    await setSettings(s, { hide_stats: '0' });
  });
});

describe('GET /stats/checkin/days.csv', () => {
  it('holds the same rows as CSV, area names safe for spreadsheets, saved under a name with the days', async () => {
    const res = await s.admin.callResponse(routes.stats.checkInDaysCsv, { query: DAYS });
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="check-in-2024-03-30-2024-04-01.csv"');
    const text = res.data as unknown as string;
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...lines] = text.trimEnd().split('\r\n');
    expect(header).toBe('date,area_id,area,bookings,checked_in,no_shows,released,rebooked,check_in_rate');
    expect(lines).toHaveLength(6);
    expect(lines.filter((l) => l.startsWith('2024-04-01,')).sort()).toEqual(
      [
        `2024-04-01,${berlin.locationId},Berlin,3,1,1,2,1,33.3`,
        `2024-04-01,${kiritimati.locationId},"'=SUM(1,2) Kiritimati",2,1,1,1,1,50`,
      ].sort(),
    );
    expect(lines).toContain(`2024-03-31,${berlin.locationId},Berlin,2,1,0,0,0,100`);
    expect(lines).toContain(`2024-03-30,${berlin.locationId},Berlin,0,0,0,0,0,`);
    // The dates in order, as in the JSON answer.
    expect(lines.map((l) => l.slice(0, 10))).toEqual([...lines.map((l) => l.slice(0, 10))].sort());
  });
});
