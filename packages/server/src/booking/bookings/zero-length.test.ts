import { ErrorCode } from '@perch/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, createFloor, setSettings, wall, type Floor } from '../../test-support/bookings.js';
import { failure } from '../../test-support/http.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';

/**
 * A booking lasts a positive time. An empty range overlaps nothing, so without this rule any
 * number of people could book one desk "at the same instant".
 */
let s: TestServer;
let floor: Floor;
const Z = 'Europe/Berlin';

beforeAll(async () => {
  s = await startTestServer();
  await s.reset();
  floor = await createFloor(s, { zone: Z, desks: 2 });
  await setSettings(s, { max_days_in_advance: '60', max_bookings_per_user: '50' });
  await s.createUser({ email: 'zero@test.perch.local', password: TEST_PASSWORD });
});
afterAll(() => s.close());

const at = wall(Z, 2, 9);

async function expectRefused(p: Promise<unknown>): Promise<void> {
  const err = await failure(p);
  expect(err.status).toBe(400);
  expect(err.appCode).toBe(ErrorCode.BookingInvalidBookingDuration);
  expect(err.message).toMatch(/leave time must be after the enter time/);
}

describe('zero-length and reversed bookings', () => {
  it('are refused with 400 on create, for users and for admins, and nothing is stored', async () => {
    const u = await s.signIn('zero@test.perch.local');
    await expectRefused(u.post('/booking/', { spaceId: floor.spaces[0], enter: at, leave: at }));
    await expectRefused(s.admin.post('/booking/', { spaceId: floor.spaces[0], enter: at, leave: at }));
    await expectRefused(u.post('/booking/', { spaceId: floor.spaces[0], enter: wall(Z, 2, 10), leave: at }));
    const stored = await s.admin.get<unknown[]>('/booking/filter/', { start: wall(Z, 0, 0), end: wall(Z, 5, 0) });
    expect(stored).toHaveLength(0);
  });

  it('are refused on update, precheck and series', async () => {
    const u = await s.signIn('zero@test.perch.local');
    const id = await book(u, floor.spaces[1]!, wall(Z, 3, 9), wall(Z, 3, 10));
    await expectRefused(u.put(`/booking/${id}`, { spaceId: floor.spaces[1], enter: at, leave: at }));
    await expectRefused(u.post('/booking/precheck/', { locationId: floor.locationId, enter: at, leave: at }));
    const series = {
      spaceId: floor.spaces[0],
      subject: '',
      enter: at,
      leave: at,
      end: wall(Z, 20, 0),
      cadence: 1,
      cycle: 1,
      weekdays: [],
    };
    await expectRefused(u.post('/recurring-booking/precheck', series));
    await expectRefused(u.post('/recurring-booking/', series));
  });

  it('cannot be stored even by a write that skips the API: the database refuses empty ranges', async () => {
    const me = await s.admin.get<{ id: string; organizationId: string }>('/user/me');
    const insert = (spaceId: string) =>
      sql`INSERT INTO bookings (organization_id, location_id, space_id, user_id, enter_at, leave_at)
          VALUES (${me.organizationId}, ${floor.locationId}, ${spaceId}, ${me.id}, now() + interval '1 day',
                  now() + interval '1 day')`.execute(s.deps.db);
    await expect(insert(floor.spaces[0]!)).rejects.toMatchObject({ code: '23514' });
  });
});
