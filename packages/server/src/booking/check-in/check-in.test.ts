import { ErrorCode, Role } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { book, createFloor, setSettings, wall, type Floor } from '../../test-support/bookings.js';
import { failure } from '../../test-support/http.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';

let s: TestServer;
let floor: Floor;
const Z = 'Europe/Berlin';
const OWNER = 'checkin-owner@test.perch.local';
const OTHER = 'checkin-other@test.perch.local';
const SPACE_ADMIN = 'checkin-spaceadmin@test.perch.local';

beforeAll(async () => {
  s = await startTestServer();
  await s.reset();
  floor = await createFloor(s, { zone: Z, desks: 3 });
  await setSettings(s, { max_days_in_advance: '60', max_bookings_per_user: '50' });
  await s.createUser({ email: OWNER, password: TEST_PASSWORD });
  await s.createUser({ email: OTHER, password: TEST_PASSWORD });
  await s.createUser({ email: SPACE_ADMIN, password: TEST_PASSWORD, role: Role.SpaceAdmin });
});
afterAll(() => s.close());

beforeEach(async () => {
  await s.deps.db.deleteFrom('bookings').execute();
  await setSettings(s, { checkin_mode: '1', checkin_opens_minutes: '15', checkin_grace_minutes: '30' });
  await s.deps.db
    .updateTable('spaces')
    .set({ checkin_mode: null, checkin_opens_minutes: null })
    .where('location_id', '=', floor.locationId)
    .execute();
});

/** Books tomorrow's morning, then moves it to start `startsInMinutes` from now (time passing). */
async function bookingStarting(startsInMinutes: number, hours = 4, space = floor.spaces[0]!): Promise<string> {
  const owner = await s.signIn(OWNER);
  const id = await book(owner, space, wall(Z, 1, 9), wall(Z, 1, 10));
  const enter = new Date(Date.now() + startsInMinutes * 60_000);
  await s.deps.db
    .updateTable('bookings')
    .set({ enter_at: enter, leave_at: new Date(enter.getTime() + hours * 3_600_000), checked_in_at: null })
    .where('id', '=', id)
    .execute();
  return id;
}

const row = (id: string) => s.deps.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const tokenOf = async (spaceId: string) =>
  (await s.deps.db.selectFrom('spaces').select('checkin_token').where('id', '=', spaceId).executeTakeFirstOrThrow())
    .checkin_token;

async function refused(p: Promise<unknown>, status: number, appCode?: number) {
  const err = await failure(p);
  expect(err.status).toBe(status);
  if (appCode !== undefined) expect(err.appCode).toBe(appCode);
}

describe('POST /booking/{id}/checkin', () => {
  it('checks the owner in while the window is open, once: a second check-in keeps the first time', async () => {
    const id = await bookingStarting(10);
    const owner = await s.signIn(OWNER);
    await owner.post(`/booking/${id}/checkin`, {});
    const first = (await row(id)).checked_in_at;
    expect(first).toBeInstanceOf(Date);
    await owner.post(`/booking/${id}/checkin`, {});
    expect((await row(id)).checked_in_at).toEqual(first);
  });

  it('is refused before the window opens, and after the booking ended', async () => {
    const owner = await s.signIn(OWNER);
    const early = await bookingStarting(16);
    await refused(owner.post(`/booking/${early}/checkin`, {}), 400, ErrorCode.CheckInNotOpenYet);
    expect((await row(early)).checked_in_at).toBeNull();
    const ended = await bookingStarting(-61, 1, floor.spaces[1]);
    await refused(owner.post(`/booking/${ended}/checkin`, {}), 400, ErrorCode.CheckInClosed);
  });

  it('is refused where the policy asks for no check-in', async () => {
    await setSettings(s, { checkin_mode: '0' });
    const id = await bookingStarting(5);
    await refused((await s.signIn(OWNER)).post(`/booking/${id}/checkin`, {}), 400, ErrorCode.CheckInOff);
  });

  it('takes the space’s own policy over the organisation’s', async () => {
    await setSettings(s, { checkin_mode: '0' });
    await s.deps.db
      .updateTable('spaces')
      .set({ checkin_mode: 1, checkin_opens_minutes: 60 })
      .where('id', '=', floor.spaces[0]!)
      .execute();
    const id = await bookingStarting(45);
    await (await s.signIn(OWNER)).post(`/booking/${id}/checkin`, {});
    expect((await row(id)).checked_in_at).not.toBeNull();
  });

  it('under "scan only" needs the token of the space’s code; another space’s code is refused everywhere', async () => {
    await setSettings(s, { checkin_mode: '2' });
    const owner = await s.signIn(OWNER);
    const id = await bookingStarting(5);
    await refused(owner.post(`/booking/${id}/checkin`, {}), 400, ErrorCode.CheckInNeedsScan);
    await refused(
      owner.post(`/booking/${id}/checkin`, { token: await tokenOf(floor.spaces[1]!) }),
      400,
      ErrorCode.CheckInNeedsScan,
    );
    await refused(owner.post(`/booking/${id}/checkin`, { token: '' }), 400, ErrorCode.CheckInNeedsScan);
    expect((await row(id)).checked_in_at).toBeNull();
    await owner.post(`/booking/${id}/checkin`, { token: await tokenOf(floor.spaces[0]!) });
    expect((await row(id)).checked_in_at).not.toBeNull();
  });

  it('lets a space admin check someone in, but not another user; an unknown booking is 404', async () => {
    const id = await bookingStarting(5);
    await refused((await s.signIn(OTHER)).post(`/booking/${id}/checkin`, {}), 403);
    expect((await row(id)).checked_in_at).toBeNull();
    await (await s.signIn(SPACE_ADMIN)).post(`/booking/${id}/checkin`, {});
    expect((await row(id)).checked_in_at).not.toBeNull();
    await refused(s.admin.post('/booking/00000000-0000-4000-8000-000000000000/checkin', {}), 404);
    await refused(s.admin.post('/booking/not-an-id/checkin', {}), 404);
  });

  it('answers 409 for a released booking', async () => {
    const id = await bookingStarting(-40);
    await s.deps.db
      .updateTable('bookings')
      .set({ released_at: new Date(), release_reason: 'no-show' })
      .where('id', '=', id)
      .execute();
    await refused((await s.signIn(OWNER)).post(`/booking/${id}/checkin`, {}), 409, ErrorCode.BookingReleased);
  });

  it('refuses a token longer than a code holds with 400', async () => {
    const id = await bookingStarting(5);
    await refused((await s.signIn(OWNER)).post(`/booking/${id}/checkin`, { token: 'x'.repeat(129) }), 400);
  });
});

describe('POST /booking/{id}/checkout', () => {
  it('ends a booking in progress at the next whole minute, keeps the booked end and frees the rest of the slot', async () => {
    const id = await bookingStarting(-30, 4);
    const before = await row(id);
    await (await s.signIn(OWNER)).post(`/booking/${id}/checkout`);
    const after = await row(id);
    expect(after.booked_leave_at).toEqual(before.leave_at);
    expect(after.leave_at.getTime()).toBeGreaterThan(Date.now() - 1000);
    expect(after.leave_at.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(after.leave_at.getUTCSeconds()).toBe(0);
    // A colleague books the rest of the slot.
    const free = await s.deps.db
      .selectFrom('bookings')
      .select('id')
      .where('space_id', '=', floor.spaces[0]!)
      .where('leave_at', '>', new Date(Date.now() + 120_000))
      .execute();
    expect(free).toHaveLength(0);
  });

  it('is refused for a booking that has not started, and for someone else’s', async () => {
    const id = await bookingStarting(30);
    await refused((await s.signIn(OWNER)).post(`/booking/${id}/checkout`), 400, ErrorCode.CheckOutNotInProgress);
    const started = await bookingStarting(-5, 2, floor.spaces[1]);
    await refused((await s.signIn(OTHER)).post(`/booking/${started}/checkout`), 403);
    expect((await row(started)).booked_leave_at).toBeNull();
  });
});
