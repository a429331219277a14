import type { Booking, SpaceAvailability } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { book, createFloor, setSettings, wall, type Floor } from '../../test-support/bookings.js';
import { failure, statusOf } from '../../test-support/http.js';
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
});

async function approvalSetup() {
  const group = (await s.admin.post('/group/', { name: 'Facility' })).objectId!;
  const approverId = await s.createUser({ email: 'approver@test.perch.local', role: 10 });
  await s.createUser({ email: 'other-sa@test.perch.local', role: 10 });
  await s.admin.put(`/group/${group}/member`, [approverId]);
  await s.admin.put(`/location/${floor.locationId}/space/${floor.spaces[0]}/approver`, [group]);
  await s.createUser({ email: 'u@test.perch.local' });
  return {
    approver: await s.signIn('approver@test.perch.local'),
    otherAdmin: await s.signIn('other-sa@test.perch.local'),
    u: await s.signIn('u@test.perch.local'),
  };
}

describe('approvals', () => {
  it('a request on a space with approvers is pending until an approver confirms it', async () => {
    const { approver, u } = await approvalSetup();
    const id = await book(u, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 10));
    expect((await u.get<Booking>(`/booking/${id}`)).approved).toBe(false);
    // A pending booking still holds the slot.
    expect((await failure(book(s.admin, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 10)))).appCode).toBe(1001);
    // The list entry is the booking as read alone (approved: false included).
    expect(await approver.get<Booking[]>('/booking/pendingapprovals/')).toEqual([
      await u.get<Booking>(`/booking/${id}`),
    ]);
    expect(await approver.get('/booking/pendingapprovals/count')).toEqual({ count: 1 });
    await approver.post(`/booking/${id}/approve`, { approved: true });
    expect((await u.get<Booking>(`/booking/${id}`)).approved).toBe(true);
    expect(await approver.get('/booking/pendingapprovals/count')).toEqual({ count: 0 });
  });

  it('declining removes the booking', async () => {
    const { approver, u } = await approvalSetup();
    const id = await book(u, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 10));
    await approver.post(`/booking/${id}/approve`, { approved: false });
    expect(await statusOf(u.get(`/booking/${id}`))).toBe(404);
  });

  it('only approvers of the space may answer; plain users never', async () => {
    const { otherAdmin, u } = await approvalSetup();
    const id = await book(u, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 10));
    expect(await otherAdmin.get('/booking/pendingapprovals/')).toEqual([]);
    expect(await statusOf(otherAdmin.post(`/booking/${id}/approve`, { approved: true }))).toBe(403);
    expect(await statusOf(u.post(`/booking/${id}/approve`, { approved: true }))).toBe(403);
    expect(await statusOf(u.get('/booking/pendingapprovals/'))).toBe(403);
    expect(
      await statusOf(otherAdmin.post('/booking/00000000-0000-4000-8000-000000000000/approve', { approved: true })),
    ).toBe(404);
  });

  it('spaces without approvers book confirmed at once', async () => {
    const { u } = await approvalSetup();
    const id = await book(u, floor.spaces[1]!, wall(Z, 1, 9), wall(Z, 1, 10));
    expect((await u.get<Booking>(`/booking/${id}`)).approved).toBe(true);
  });
});

describe('availability with bookings', () => {
  it('shows bookings in the window, names only to admins or with show_names, and marks buddies', async () => {
    await s.createUser({ email: 'alice@test.perch.local', firstname: 'Alice', lastname: 'Smith' });
    await s.createUser({ email: 'bob@test.perch.local', firstname: 'Bob', lastname: 'Jones' });
    const alice = await s.signIn('alice@test.perch.local');
    const bob = await s.signIn('bob@test.perch.local');
    await book(alice, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 12), { subject: 'Deep work' });
    const q = { enter: wall(Z, 1, 8), leave: wall(Z, 1, 18) };
    let list = await bob.get<SpaceAvailability[]>(`/location/${floor.locationId}/space/availability`, q);
    const desk1 = list.find((x) => x.name === 'Desk 1')!;
    expect(desk1.available).toBe(false);
    expect(desk1.bookings).toHaveLength(1);
    expect(desk1.bookings[0]).toMatchObject({ userEmail: '', userFirstname: '', approved: true });
    expect(desk1.bookings[0]!.enter).toMatch(/T09:00:00\+0[12]:00$/);
    expect(list.find((x) => x.name === 'Desk 2')!.available).toBe(true);
    const asAdmin = await s.admin.get<SpaceAvailability[]>(`/location/${floor.locationId}/space/availability`, q);
    expect(asAdmin.find((x) => x.name === 'Desk 1')!.bookings[0]).toMatchObject({
      userEmail: 'alice@test.perch.local',
      userFirstname: 'Alice',
    });
    await setSettings(s, { show_names: '1' });
    await bob.post('/buddy/', { buddyId: (await alice.get<{ id: string }>('/user/me')).id });
    list = await bob.get<SpaceAvailability[]>(`/location/${floor.locationId}/space/availability`, q);
    expect(list.find((x) => x.name === 'Desk 1')!.bookings[0]).toMatchObject({ userFirstname: 'Alice', isBuddy: true });
    // Back-to-back is not an overlap: the desk is free from 12:00.
    const after = await bob.get<SpaceAvailability[]>(`/location/${floor.locationId}/space/availability`, {
      enter: wall(Z, 1, 12),
      leave: wall(Z, 1, 13),
    });
    expect(after.find((x) => x.name === 'Desk 1')!.available).toBe(true);
  });
});

describe('admin lists', () => {
  it("filters the organisation's bookings by range, user and area, and lists current ones", async () => {
    await s.createUser({ email: 'u@test.perch.local' });
    const u = await s.signIn('u@test.perch.local');
    const other = await createFloor(s, { desks: 1 });
    const a = await book(u, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 10));
    const b = await book(s.admin, other.spaces[0]!, wall(Z, 2, 9), wall(Z, 2, 10));
    const all = await s.admin.get<Booking[]>('/booking/filter/', { start: wall(Z, 0, 0), end: wall(Z, 5, 0) });
    expect(all.map((x) => x.id)).toEqual([a, b]);
    expect(
      (
        await s.admin.get<Booking[]>('/booking/filter/', {
          start: wall(Z, 0, 0),
          end: wall(Z, 5, 0),
          user: 'u@test.perch.local',
        })
      ).map((x) => x.id),
    ).toEqual([a]);
    expect(
      (
        await s.admin.get<Booking[]>('/booking/filter/', {
          start: wall(Z, 0, 0),
          end: wall(Z, 5, 0),
          location: other.locationId,
        })
      ).map((x) => x.id),
    ).toEqual([b]);
    // Fully inside only.
    expect(
      await s.admin.get<Booking[]>('/booking/filter/', { start: wall(Z, 1, 9, 30), end: wall(Z, 5, 0) }),
    ).toHaveLength(1);
    expect(await statusOf(s.admin.get('/booking/filter/', { start: 'x', end: wall(Z, 5, 0) }))).toBe(400);
    expect(
      await statusOf(
        s.admin.get('/booking/filter/', { start: wall(Z, 0, 0), end: wall(Z, 5, 0), user: 'nobody@x.org' }),
      ),
    ).toBe(400);
    expect(await statusOf(u.get('/booking/filter/', { start: wall(Z, 0, 0), end: wall(Z, 5, 0) }))).toBe(403);
    // Around now: from the start of today (at most an hour ago) to an hour ahead, as the area's wall clock.
    const { DateTime } = await import('luxon');
    const t = DateTime.now().setZone(Z);
    const fake = (d: typeof t) => `${d.toFormat("yyyy-MM-dd'T'HH:mm:ss")}Z`;
    const enter = t.minus({ hours: 1 }) < t.startOf('day') ? t.startOf('day') : t.minus({ hours: 1 });
    const now = await book(s.admin, floor.spaces[1]!, fake(enter), fake(t.plus({ hours: 1 })));
    expect(await s.admin.get<Booking[]>('/booking/current/')).toEqual([await s.admin.get<Booking>(`/booking/${now}`)]);
  });
});

describe('CSV export', () => {
  it('exports the bookings of a range as CSV for space admins', async () => {
    await s.createUser({ email: 'csv@test.perch.local', firstname: 'Cé', lastname: 'Ess' });
    const u = await s.signIn('csv@test.perch.local');
    await book(u, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 10), { subject: '=SUM(A1), "quoted"' });
    const res = await fetch(
      `${s.url}/booking/export/?start=${encodeURIComponent(wall(Z, 0, 0))}&end=${encodeURIComponent(wall(Z, 5, 0))}`,
      {
        headers: { authorization: `Bearer ${s.admin.store.load()!.accessToken}` },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,user_email,user_firstname,user_lastname,area,space,enter,leave,approved,subject,checked_in_at,released_at,release_reason',
    );
    expect(lines[1]).toContain('csv@test.perch.local,Cé,Ess,');
    expect(lines[1]).toContain(`"'=SUM(A1), ""quoted"""`);
    expect(await statusOf(u.get('/booking/export/', { start: wall(Z, 0, 0), end: wall(Z, 5, 0) }))).toBe(403);
  });
});
