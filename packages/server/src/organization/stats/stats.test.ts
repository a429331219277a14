import type { Stats } from '@perch/contract';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFloor, setSettings, type Floor } from '../../test-support/bookings.js';
import { statusOf } from '../../test-support/http.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

/**
 * A fixture with known answers: a Berlin area with two desks and a Kiritimati (UTC+14) area
 * with one, bookings today in each area's own calendar, one across last midnight, one last week.
 */
let s: TestServer;
let berlin: Floor;
let kiritimati: Floor;
let userId = '';
const B = 'Europe/Berlin';
const K = 'Pacific/Kiritimati';

async function insert(floor: Floor, space: number, enter: DateTime, leave: DateTime) {
  await s.deps.db
    .insertInto('bookings')
    .values({
      organization_id: s.orgId,
      location_id: floor.locationId,
      space_id: floor.spaces[space]!,
      user_id: userId,
      enter_at: enter.toJSDate(),
      leave_at: leave.toJSDate(),
      recurring_id: null,
      last_info_mail_sent_at: null,
      reminder_sent_at: null,
    })
    .execute();
}

const todayIn = (zone: string) => DateTime.now().setZone(zone).startOf('day');

beforeAll(async () => {
  s = await startTestServer();
  berlin = await createFloor(s, { zone: B, desks: 2 });
  kiritimati = await createFloor(s, { zone: K, desks: 1 });
  userId = (await s.admin.get<{ id: string }>('/user/me')).id;
  const tb = todayIn(B);
  const tk = todayIn(K);
  await insert(berlin, 0, tb.set({ hour: 8 }), tb.set({ hour: 16 }));
  await insert(berlin, 1, tb.set({ hour: 8 }), tb.set({ hour: 16 }));
  await insert(berlin, 0, tb.minus({ days: 1 }).set({ hour: 20 }), tb.set({ hour: 4 }));
  await insert(kiritimati, 0, tk.set({ hour: 10 }), tk.set({ hour: 12 }));
  await insert(
    berlin,
    1,
    tb.startOf('week').minus({ weeks: 1 }).plus({ days: 1, hours: 9 }),
    tb.startOf('week').minus({ weeks: 1 }).plus({ days: 1, hours: 17 }),
  );
});
afterAll(() => s.close());

describe('statistics', () => {
  it("counts in each area's own calendar", async () => {
    const st = await s.admin.get<Stats>('/stats/');
    expect(st).toMatchObject({ numUsers: 1, numLocations: 2, numSpaces: 3, numBookings: 5 });
    expect(st.numBookingsToday).toBe(4);
    expect(st.numBookingsYesterday).toBe(1);
    expect(st.numBookingsLastWeek).toBe(todayIn(B).weekday === 1 ? 2 : 1);
    const expectedWeekdays = [0, 0, 0, 0, 0, 0, 0];
    for (const d of [
      todayIn(B),
      todayIn(B),
      todayIn(B).minus({ days: 1 }),
      todayIn(K),
      todayIn(B).startOf('week').plus({ days: 1 }),
    ])
      expectedWeekdays[d.weekday % 7]!++;
    expect(st.bookingsByWeekday).toEqual(expectedWeekdays);
  });

  it("computes today's load from the booked minutes and 40 target hours a week per space", async () => {
    const st = await s.admin.get<Stats>('/stats/');
    const dayLength = (zone: string) => todayIn(zone).plus({ days: 1 }).diff(todayIn(zone), 'hours').hours / 24;
    const capacityMinutes = Math.floor(dayLength(B) * (40 / 7) * 2 + dayLength(K) * (40 / 7) * 1) * 60;
    const booked = 8 * 60 * 2 + 4 * 60 + 2 * 60;
    expect(st.spaceLoadToday).toBe(Math.round((booked / capacityMinutes) * 100));
    const oneArea = await s.admin.get<{ spaceLoadToday: number }>('/stats/load', { location: kiritimati.locationId });
    expect(oneArea.spaceLoadToday).toBe(Math.round(((2 * 60) / (Math.floor(dayLength(K) * (40 / 7)) * 60)) * 100));
    await setSettings(s, { target_utilization_hours_per_week: '0' });
    const roundTheClock = await s.admin.get<{ spaceLoadToday: number }>('/stats/load', {
      location: kiritimati.locationId,
    });
    expect(roundTheClock.spaceLoadToday).toBe(Math.round((120 / (dayLength(K) * 24 * 60)) * 100));
    await setSettings(s, { target_utilization_hours_per_week: '40' });
  });

  it('filters weekday counts by area and period, and refuses unknown areas', async () => {
    const w = await s.admin.get<{ bookingsByWeekday: number[] }>('/stats/weekday', { location: kiritimati.locationId });
    expect(w.bookingsByWeekday.reduce((a, b) => a + b, 0)).toBe(1);
    const lastWeek = await s.admin.get<{ bookingsByWeekday: number[] }>('/stats/weekday', { period: 'lastWeek' });
    expect(lastWeek.bookingsByWeekday[2]).toBeGreaterThanOrEqual(1);
    expect(await statusOf(s.admin.get('/stats/load', { location: 'nope' }))).toBe(400);
    expect(await statusOf(s.admin.get('/stats/weekday', { period: 'someday' }))).toBe(400);
  });

  it('is for space admins, and hidden with hide_stats', async () => {
    await s.createUser({ email: 'u@test.perch.local' });
    const u = await s.signIn('u@test.perch.local');
    expect(await statusOf(u.get('/stats/'))).toBe(403);
    await setSettings(s, { hide_stats: '1' });
    expect(await statusOf(s.admin.get('/stats/'))).toBe(404);
    await setSettings(s, { hide_stats: '0' });
  });
});

describe('statistics cache', () => {
  it('answers from the shared cache for STATS_CACHE_SECONDS; configuration changes reset it', async () => {
    const before = await s.admin.get<Stats>('/stats/');
    await insert(berlin, 1, todayIn(B).plus({ days: 1, hours: 9 }), todayIn(B).plus({ days: 1, hours: 10 }));
    expect((await s.admin.get<Stats>('/stats/')).numBookings).toBe(before.numBookings);
    await s.admin.put('/setting/max_days_in_advance', { value: '15' });
    expect((await s.admin.get<Stats>('/stats/')).numBookings).toBe(before.numBookings + 1);
    const rows = await s.deps.db
      .selectFrom('stats_cache')
      .select('key')
      .where('organization_id', '=', s.orgId)
      .execute();
    expect(rows.map((r) => r.key)).toContain('summary');
  });
});
