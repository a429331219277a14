import type { Booking } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bootstrap } from '../../bootstrap.js';
import { book, createFloor, setSettings, wall } from '../../test-support/bookings.js';
import { statusOf } from '../../test-support/http.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

let s: TestServer;
const Z = 'Europe/Berlin';
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

describe('paging of the admin lists', () => {
  it('pages the booking filter by start, and answers the whole list without paging parameters', async () => {
    const floor = await createFloor(s, { desks: 5 });
    await setSettings(s, { max_bookings_per_user: '100' });
    const ids: string[] = [];
    for (let day = 1; day <= 3; day++)
      for (const desk of floor.spaces) ids.push(await book(s.admin, desk, wall(Z, day, 9), wall(Z, day, 10)));
    const window = { start: wall(Z, 0, 0), end: wall(Z, 5, 0) };
    const all = await s.admin.get<Booking[]>('/booking/filter/', window);
    expect(all).toHaveLength(15);
    const pages: string[] = [];
    for (let offset = 0; offset < 15; offset += 4)
      pages.push(
        ...(await s.admin.get<Booking[]>('/booking/filter/', { ...window, limit: '4', offset: String(offset) })).map(
          (b) => b.id,
        ),
      );
    expect(pages).toEqual(all.map((b) => b.id));
    expect(new Set(pages)).toEqual(new Set(ids));
    expect(await statusOf(s.admin.get('/booking/filter/', { ...window, limit: '0' }))).toBe(400);
    expect(await statusOf(s.admin.get('/booking/filter/', { ...window, limit: '1001' }))).toBe(400);
    expect(await statusOf(s.admin.get('/booking/filter/', { ...window, limit: '10', offset: '-1' }))).toBe(400);
    expect(await statusOf(s.admin.get('/booking/filter/', { ...window, limit: 'ten' }))).toBe(400);
  });

  it('pages the pending approvals, and the count matches the list', async () => {
    const floor = await createFloor(s, { desks: 3 });
    const group = (await s.admin.post('/group/', { name: 'Approvers' })).objectId!;
    const adminId = (await s.admin.get<{ id: string }>('/user/me')).id;
    await s.admin.put(`/group/${group}/member`, [adminId]);
    for (const desk of floor.spaces) await s.admin.put(`/location/${floor.locationId}/space/${desk}/approver`, [group]);
    await s.createUser({ email: 'u@test.perch.local' });
    const u = await s.signIn('u@test.perch.local');
    await setSettings(s, { max_bookings_per_user: '100' });
    for (let day = 1; day <= 2; day++)
      for (const desk of floor.spaces) await book(u, desk, wall(Z, day, 9), wall(Z, day, 10));
    const all = await s.admin.get<Booking[]>('/booking/pendingapprovals/');
    expect(all).toHaveLength(6);
    expect(await s.admin.get('/booking/pendingapprovals/count')).toEqual({ count: 6 });
    const first = await s.admin.get<Booking[]>('/booking/pendingapprovals/', { limit: '4' });
    const rest = await s.admin.get<Booking[]>('/booking/pendingapprovals/', { limit: '4', offset: '4' });
    expect([...first, ...rest].map((b) => b.id)).toEqual(all.map((b) => b.id));
    expect(await statusOf(s.admin.get('/booking/pendingapprovals/', { limit: '0' }))).toBe(400);
  });

  it('finds bookings fully inside a window in areas at the extremes of the UTC offsets', async () => {
    for (const zone of ['Pacific/Kiritimati', 'Etc/GMT+12', 'Asia/Kathmandu']) {
      const floor = await createFloor(s, { zone, desks: 1 });
      // The booking fills the window exactly: it is inside; a minute less and it is not.
      const id = await book(s.admin, floor.spaces[0]!, wall(zone, 1, 0), wall(zone, 1, 11, 30));
      const inside = await s.admin.get<Booking[]>('/booking/filter/', {
        start: wall(zone, 1, 0),
        end: wall(zone, 1, 11, 30),
        location: floor.locationId,
      });
      expect(inside.map((b) => b.id)).toEqual([id]);
      const shorter = await s.admin.get<Booking[]>('/booking/filter/', {
        start: wall(zone, 1, 0, 1),
        end: wall(zone, 1, 11, 30),
        location: floor.locationId,
      });
      expect(shorter).toEqual([]);
      // A window of several days: tested exactly near its ends, by the instant alone inside.
      const week = { start: wall(zone, -2, 0), end: wall(zone, 4, 0), location: floor.locationId };
      expect((await s.admin.get<Booking[]>('/booking/filter/', week)).map((b) => b.id)).toEqual([id]);
      const endingEarlier = { ...week, end: wall(zone, 1, 11, 29) };
      expect(await s.admin.get<Booking[]>('/booking/filter/', endingEarlier)).toEqual([]);
      const longer = await book(s.admin, floor.spaces[0]!, wall(zone, 3, 12), wall(zone, 3, 23, 59));
      expect((await s.admin.get<Booking[]>('/booking/filter/', week)).map((b) => b.id)).toEqual([id, longer]);
      expect(
        (await s.admin.get<Booking[]>('/booking/filter/', { ...week, end: wall(zone, 3, 23, 58) })).map((b) => b.id),
      ).toEqual([id]);
    }
  });
});

describe('default preferences at start', () => {
  it('are filled in for everyone when the set of defaults changed, and cost nothing otherwise', async () => {
    const id = await s.createUser({ email: 'imported@test.perch.local' });
    const rows = (userId: string) =>
      s.deps.db.selectFrom('user_preferences').select(['name', 'value']).where('user_id', '=', userId).execute();
    // The defaults every user gets (the mail switches follow the organisation's choice at creation).
    const everyone = (await rows(id)).map((r) => r.name).filter((n) => !n.startsWith('mail_'));
    expect(everyone.length).toBeGreaterThan(5);
    // Someone imported without rows: an unchanged set of defaults leaves the start alone …
    await s.deps.db.deleteFrom('user_preferences').where('user_id', '=', id).execute();
    await bootstrap(s.deps.db, s.config);
    expect(await rows(id)).toEqual([]);
    // … a changed set (a new version) fills in every missing row, keeping what people set.
    await s.deps.db
      .updateTable('system_settings')
      .set({ value: '[]' })
      .where('name', '=', 'default_preferences')
      .execute();
    await s.admin.put('/preference/', [{ name: 'workday_start', value: '08:00' }]);
    await bootstrap(s.deps.db, s.config);
    expect((await rows(id)).map((r) => r.name)).toEqual(expect.arrayContaining(everyone));
    expect(
      (await s.admin.get<{ name: string; value: string }[]>('/preference/')).find((p) => p.name === 'workday_start')
        ?.value,
    ).toBe('08:00');
  });
});
