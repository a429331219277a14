import type { Booking } from '@perch/contract';
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

async function user(email = 'u@test.perch.local', role = 0) {
  await s.createUser({ email, role });
  return s.signIn(email);
}

describe('creating and reading bookings', () => {
  it("books a space (201 + X-Object-Id) and returns times as the area's wall clock with its offset", async () => {
    const u = await user();
    const id = await book(u, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 17), { subject: 'Planning' });
    const b = await u.get<Booking>(`/booking/${id}`);
    expect(b.enter).toMatch(/^\d{4}-\d{2}-\d{2}T09:00:00\+0[12]:00$/);
    expect(b.leave).toMatch(/T17:00:00\+0[12]:00$/);
    expect(b).toMatchObject({
      approved: true,
      subject: 'Planning',
      recurringId: '',
      spaceId: floor.spaces[0],
      userEmail: 'u@test.perch.local',
    });
    expect(b.space).toMatchObject({ id: floor.spaces[0], locationId: floor.locationId, name: 'Desk 1' });
    expect((await u.get<Booking[]>('/booking/')).map((x) => x.id)).toEqual([id]);
  });

  it('lets only the owner and space admins read, change and delete a booking', async () => {
    const a = await user('a@test.perch.local');
    const b = await user('b@test.perch.local');
    const id = await book(a, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 10));
    expect(await statusOf(b.get(`/booking/${id}`))).toBe(403);
    expect(
      await statusOf(
        b.put(`/booking/${id}`, { spaceId: floor.spaces[0], enter: wall(Z, 1, 9), leave: wall(Z, 1, 11) }),
      ),
    ).toBe(403);
    expect(await statusOf(b.delete(`/booking/${id}`))).toBe(403);
    expect((await s.admin.get<Booking>(`/booking/${id}`)).id).toBe(id);
    await a.put(`/booking/${id}`, { spaceId: floor.spaces[1], enter: wall(Z, 1, 9), leave: wall(Z, 1, 11) });
    expect(await a.get<Booking>(`/booking/${id}`)).toMatchObject({ spaceId: floor.spaces[1] });
    await s.admin.delete(`/booking/${id}`);
    expect(await statusOf(a.get(`/booking/${id}`))).toBe(404);
  });

  it('validates the body: unknown space 400, bad times 400', async () => {
    const u = await user();
    expect(await statusOf(book(u, '00000000-0000-4000-8000-000000000000', wall(Z, 1, 9), wall(Z, 1, 10)))).toBe(400);
    expect(await statusOf(book(u, floor.spaces[0]!, 'tomorrow', wall(Z, 1, 10)))).toBe(400);
    expect(await statusOf(u.post('/booking/', { spaceId: floor.spaces[0], enter: wall(Z, 1, 9) }))).toBe(400);
  });

  it('refuses disabled spaces and areas for users but not for space admins', async () => {
    await s.admin.put(`/location/${floor.locationId}/space/${floor.spaces[0]}`, { name: 'Desk 1', enabled: false });
    const u = await user();
    expect(await statusOf(book(u, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 10)))).toBe(400);
    expect(await book(s.admin, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 10))).toBeTruthy();
  });
});

describe('no double booking', () => {
  it('refuses an overlapping booking on create and update with 409 + 1001; back-to-back is fine', async () => {
    const u = await user();
    const first = await book(u, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 12));
    const err = await failure(book(s.admin, floor.spaces[0]!, wall(Z, 1, 11), wall(Z, 1, 13)));
    expect([err.status, err.appCode]).toEqual([409, 1001]);
    const next = await book(s.admin, floor.spaces[0]!, wall(Z, 1, 12), wall(Z, 1, 13));
    const upd = await failure(
      s.admin.put(`/booking/${next}`, { spaceId: floor.spaces[0], enter: wall(Z, 1, 11, 30), leave: wall(Z, 1, 13) }),
    );
    expect([upd.status, upd.appCode]).toEqual([409, 1001]);
    // Moving a booking within its own slot is not a conflict with itself.
    await u.put(`/booking/${first}`, { spaceId: floor.spaces[0], enter: wall(Z, 1, 8), leave: wall(Z, 1, 12) });
  });
});

describe('deleting', () => {
  it('refuses past bookings and, with the cut-off on, late cancellations (403 + 1008)', async () => {
    const u = await user();
    const soon = await book(u, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 10));
    await setSettings(s, { enable_max_hours_before_delete: '1', max_hours_before_delete: '72' });
    const err = await failure(u.delete(`/booking/${soon}`));
    expect([err.status, err.appCode]).toEqual([403, 1008]);
    // Space admins with no_admin_restrictions may still cancel.
    await setSettings(s, { no_admin_restrictions: '1' });
    await s.admin.delete(`/booking/${soon}`);
    const past = await s.deps.db
      .insertInto('bookings')
      .values({
        organization_id: s.orgId,
        location_id: floor.locationId,
        space_id: floor.spaces[1]!,
        user_id: (await u.get<{ id: string }>('/user/me')).id,
        enter_at: new Date(Date.now() - 3 * 86_400_000),
        leave_at: new Date(Date.now() - 3 * 86_400_000 + 3_600_000),
        recurring_id: null,
        last_info_mail_sent_at: null,
        reminder_sent_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await statusOf(u.delete(`/booking/${past.id}`))).toBe(400);
  });
});

describe('booking for someone else', () => {
  it('space admins book for an existing user; plain users may not', async () => {
    const target = await s.createUser({ email: 'target@test.perch.local' });
    const id = await book(s.admin, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 10), {
      userEmail: 'target@test.perch.local',
    });
    expect((await s.admin.get<Booking>(`/booking/${id}`)).userId).toBe(target);
    const u = await user();
    expect(
      await statusOf(
        book(u, floor.spaces[1]!, wall(Z, 1, 9), wall(Z, 1, 10), { userEmail: 'target@test.perch.local' }),
      ),
    ).toBe(403);
  });

  it('creates the user for an unknown email on an active domain only when allowed', async () => {
    expect(
      await statusOf(
        book(s.admin, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 10), { userEmail: 'new@test.perch.local' }),
      ),
    ).toBe(403);
    await setSettings(s, { allow_booking_nonexist_users: '1' });
    expect(
      await statusOf(
        book(s.admin, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 10), { userEmail: 'new@elsewhere.example' }),
      ),
    ).toBe(400);
    const id = await book(s.admin, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 10), {
      userEmail: 'new@test.perch.local',
    });
    expect((await s.admin.get<Booking>(`/booking/${id}`)).userEmail).toBe('new@test.perch.local');
  });

  it('checks the limits of the person booked for', async () => {
    await setSettings(s, { max_bookings_per_user: '1' });
    await s.createUser({ email: 'busy@test.perch.local' });
    const busy = await s.signIn('busy@test.perch.local');
    await book(busy, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 10));
    const err = await failure(
      book(s.admin, floor.spaces[1]!, wall(Z, 2, 9), wall(Z, 2, 10), { userEmail: 'busy@test.perch.local' }),
    );
    expect([err.status, err.appCode]).toEqual([400, 1003]);
    // The admin's own limit is untouched.
    await book(s.admin, floor.spaces[1]!, wall(Z, 2, 9), wall(Z, 2, 10));
  });
});
