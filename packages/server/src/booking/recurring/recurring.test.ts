import type { Booking, PrecheckResult, RecurringBooking } from '@perch/contract';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { book, createFloor, setSettings, type Floor } from '../../test-support/bookings.js';
import { statusOf } from '../../test-support/http.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

let s: TestServer;
let floor: Floor;
const Z = 'Europe/Berlin';
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(async () => {
  await s.reset();
  floor = await createFloor(s);
  await setSettings(s, { max_days_in_advance: '60', max_bookings_per_user: '50' });
});

/** Next Monday (at least a day ahead) at hh:00 in the area's zone, as fake UTC. */
function nextMonday(hh: number, plusDays = 0): string {
  let d = DateTime.now().setZone(Z).startOf('day').plus({ days: 1 });
  while (d.weekday !== 1) d = d.plus({ days: 1 });
  return `${d.plus({ days: plusDays }).set({ hour: hh }).toFormat("yyyy-MM-dd'T'HH:mm:ss")}Z`;
}

const weekly = () => ({
  spaceId: floor.spaces[0],
  subject: 'Team day',
  enter: nextMonday(9),
  leave: nextMonday(17),
  end: nextMonday(0, 28),
  cadence: 2,
  cycle: 1,
  weekdays: [1, 3],
});

describe('recurring bookings', () => {
  it('treat disabled spaces and areas like single bookings: refused for users, taken by space admins', async () => {
    await s.createUser({ email: 'u@test.perch.local' });
    const u = await s.signIn('u@test.perch.local');
    await s.admin.put(`/location/${floor.locationId}/space/${floor.spaces[1]}`, { name: 'Off', enabled: false });
    const onDisabled = { ...weekly(), spaceId: floor.spaces[1] };
    expect(await statusOf(u.post('/recurring-booking/', onDisabled))).toBe(400);
    expect(
      await statusOf(u.post('/booking/', { spaceId: floor.spaces[1], enter: nextMonday(9), leave: nextMonday(17) })),
    ).toBe(400);
    const series = await s.admin.post<PrecheckResult[]>('/recurring-booking/', onDisabled);
    expect(series.status).toBe(201);
    expect(series.data.every((r) => r.success)).toBe(true);
    expect(await book(s.admin, floor.spaces[1]!, nextMonday(9, 1), nextMonday(17, 1))).toBeTruthy();

    await s.admin.put(`/location/${floor.locationId}`, { name: 'Closed floor', enabled: false, timezone: Z });
    expect(await statusOf(u.post('/recurring-booking/', weekly()))).toBe(400);
    expect(
      (await s.admin.post('/recurring-booking/', { ...weekly(), enter: nextMonday(9, 7), leave: nextMonday(17, 7) }))
        .status,
    ).toBe(201);
  });

  it('prechecks each occurrence, then books the free ones and reports the taken one', async () => {
    // Wednesday of the second week is taken already.
    await book(s.admin, floor.spaces[0]!, nextMonday(10, 9), nextMonday(11, 9));
    await s.createUser({ email: 'u@test.perch.local' });
    const u = await s.signIn('u@test.perch.local');
    const pre = (await u.post<PrecheckResult[]>('/recurring-booking/precheck', weekly())).data;
    expect(pre).toHaveLength(8);
    expect(pre.filter((o) => !o.success)).toEqual([
      expect.objectContaining({ success: false, errorCode: 1001, id: '' }),
    ]);
    expect(pre[0]!.enter).toMatch(/T09:00:00\+0[12]:00$/);
    const res = await u.post<PrecheckResult[]>('/recurring-booking/', weekly());
    expect(res.status).toBe(201);
    expect(res.objectId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.data.filter((o) => o.success)).toHaveLength(7);
    const mine = await u.get<Booking[]>('/booking/');
    expect(mine).toHaveLength(7);
    expect(mine.every((b) => b.recurringId === res.objectId)).toBe(true);
    const series = await u.get<RecurringBooking>(`/recurring-booking/${res.objectId}`);
    expect(series).toMatchObject({
      cadence: 2,
      cycle: 1,
      weekdays: [1, 3],
      subject: 'Team day',
      spaceId: floor.spaces[0],
    });
  });

  it('each occurrence passes the same rules (here: the upcoming limit)', async () => {
    await setSettings(s, { max_bookings_per_user: '3' });
    await s.createUser({ email: 'u@test.perch.local' });
    const u = await s.signIn('u@test.perch.local');
    const pre = (await u.post<PrecheckResult[]>('/recurring-booking/precheck', weekly())).data;
    expect(pre.map((o) => o.errorCode ?? 0)).toEqual([0, 0, 0, 1003, 1003, 1003, 1003, 1003]);
    const created = (await u.post<PrecheckResult[]>('/recurring-booking/', weekly())).data;
    expect(created.filter((o) => o.success)).toHaveLength(3);
  });

  it('deleting the series removes future occurrences; deleting the last occurrence removes the series', async () => {
    const res = await s.admin.post<PrecheckResult[]>('/recurring-booking/', weekly());
    await s.admin.delete(`/recurring-booking/${res.objectId}`);
    expect(await s.admin.get('/booking/')).toEqual([]);
    expect(await statusOf(s.admin.get(`/recurring-booking/${res.objectId}`))).toBe(404);
    const two = await s.admin.post<PrecheckResult[]>('/recurring-booking/', { ...weekly(), end: nextMonday(0, 3) });
    const ids = two.data.filter((o) => o.success).map((o) => o.id);
    expect(ids).toHaveLength(2);
    for (const id of ids) await s.admin.delete(`/booking/${id}`);
    expect(await statusOf(s.admin.get(`/recurring-booking/${two.objectId}`))).toBe(404);
  });

  it("is refused when turned off, on disabled spaces, for more than 365 occurrences, and for others' series", async () => {
    expect(
      await statusOf(s.admin.post('/recurring-booking/', { ...weekly(), cadence: 1, end: nextMonday(0, 400) })),
    ).toBe(400);
    const res = await s.admin.post<PrecheckResult[]>('/recurring-booking/', weekly());
    await s.createUser({ email: 'u@test.perch.local' });
    const u = await s.signIn('u@test.perch.local');
    expect(await statusOf(u.get(`/recurring-booking/${res.objectId}`))).toBe(403);
    expect(await statusOf(u.delete(`/recurring-booking/${res.objectId}`))).toBe(403);
    await setSettings(s, { allow_recurring_bookings: '0' });
    expect(await statusOf(u.post('/recurring-booking/', weekly()))).toBe(400);
  });
});
