import type { PerchClient } from '@perch/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { book, createFloor, setSettings, wall, type Floor } from '../../test-support/bookings.js';
import { failure } from '../../test-support/http.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';

/**
 * Every booking rule through the API, driven by the organisation's settings: each row sets
 * the settings, prepares what the rule needs, and expects the code for a user, and whether
 * a space admin with no_admin_restrictions is exempt.
 */
let s: TestServer;
let floor: Floor;
let u: PerchClient;
let sa: PerchClient;
const Z = 'Europe/Berlin';

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(async () => {
  await s.reset();
  floor = await createFloor(s, { desks: 4, area: { maxConcurrentBookings: 0 } });
  await s.createUser({ email: 'u@test.perch.local' });
  await s.createUser({ email: 'sa@test.perch.local', role: 10 });
  u = await s.signIn('u@test.perch.local');
  sa = await s.signIn('sa@test.perch.local');
});

interface Row {
  rule: string;
  code: number;
  status?: number;
  settings: Record<string, string>;
  /** Prepares the situation for `who`, returns the booking attempt. */
  attempt: (who: PerchClient) => Promise<unknown>;
  adminExempt: boolean;
}

const rows: Row[] = [
  {
    rule: 'upcoming bookings limit',
    code: 1003,
    settings: { max_bookings_per_user: '1' },
    attempt: async (who) => {
      await book(who, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 10));
      return book(who, floor.spaces[1]!, wall(Z, 2, 9), wall(Z, 2, 10));
    },
    adminExempt: true,
  },
  {
    rule: 'days in advance',
    code: 1004,
    settings: { max_days_in_advance: '2' },
    attempt: (who) => book(who, floor.spaces[0]!, wall(Z, 3, 9), wall(Z, 3, 10)),
    adminExempt: true,
  },
  {
    rule: 'maximum duration',
    code: 1005,
    settings: { max_booking_duration_hours: '2' },
    attempt: (who) => book(who, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 11, 1)),
    adminExempt: true,
  },
  {
    rule: 'concurrent bookings per user',
    code: 1006,
    settings: { max_concurrent_bookings_per_user: '1' },
    attempt: async (who) => {
      await book(who, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 12));
      return book(who, floor.spaces[1]!, wall(Z, 1, 11), wall(Z, 1, 13));
    },
    adminExempt: true,
  },
  {
    rule: 'minimum duration',
    code: 1007,
    settings: { min_booking_duration_hours: '3' },
    attempt: (who) => book(who, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 11)),
    adminExempt: true,
  },
  {
    rule: 'in the past',
    code: 1011,
    settings: {},
    attempt: (who) => book(who, floor.spaces[0]!, wall(Z, -1, 9), wall(Z, -1, 10)),
    adminExempt: false,
  },
  {
    rule: 'invalid subject',
    code: 1012,
    settings: {},
    attempt: (who) => book(who, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 10), { subject: 'ab' }),
    adminExempt: false,
  },
  {
    rule: 'subject required',
    code: 1010,
    settings: {},
    attempt: async (who) => {
      await s.admin.put(`/location/${floor.locationId}/space/${floor.spaces[3]}`, {
        name: 'Room',
        requireSubject: true,
      });
      return book(who, floor.spaces[3]!, wall(Z, 1, 9), wall(Z, 1, 10));
    },
    adminExempt: false,
  },
  {
    rule: 'allowed bookers',
    code: 1009,
    settings: {},
    attempt: async (who) => {
      const g = (await s.admin.post('/group/', { name: `Only ${Math.random()}` })).objectId!;
      await s.admin.put(`/location/${floor.locationId}/space/${floor.spaces[0]}/allowedbooker`, [g]);
      return book(who, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 10));
    },
    adminExempt: false,
  },
  {
    rule: 'area capacity',
    code: 1002,
    settings: {},
    attempt: async (who) => {
      await s.admin.put(`/location/${floor.locationId}`, {
        name: 'Floor',
        enabled: true,
        timezone: Z,
        maxConcurrentBookings: 1,
      });
      await book(s.admin, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 12));
      return book(who, floor.spaces[1]!, wall(Z, 1, 11), wall(Z, 1, 13));
    },
    adminExempt: false,
  },
  {
    rule: 'bookable weekdays',
    code: 1013,
    settings: {},
    attempt: async (who) => {
      const tomorrow = new Date(Date.parse(wall(Z, 1, 12)));
      const other = [0, 1, 2, 3, 4, 5, 6].filter((d) => d !== tomorrow.getUTCDay());
      await s.admin.put(`/location/${floor.locationId}`, {
        name: 'Floor',
        enabled: true,
        timezone: Z,
        bookableDays: other,
      });
      return book(who, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 10));
    },
    adminExempt: true,
  },
];

describe('booking rules against the settings', () => {
  for (const row of rows) {
    it(`${row.rule}: ${row.code} for users; space admins with no_admin_restrictions ${row.adminExempt ? 'are exempt' : 'are not'}`, async () => {
      await setSettings(s, row.settings);
      const err = await failure(row.attempt(u));
      expect([err.status, err.appCode]).toEqual([row.status ?? 400, row.code]);
      await s.reset();
      floor = await createFloor(s, { desks: 4 });
      await s.createUser({ email: 'sa@test.perch.local', role: 10 });
      sa = await s.signIn('sa@test.perch.local');
      await setSettings(s, { ...row.settings, no_admin_restrictions: '1' });
      if (row.adminExempt) await expect(row.attempt(sa)).resolves.toBeTruthy();
      else expect((await failure(row.attempt(sa))).appCode).toBe(row.code);
    });
  }

  it('without no_admin_restrictions space admins follow the same limits', async () => {
    await setSettings(s, { max_booking_duration_hours: '2' });
    expect((await failure(book(sa, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 12)))).appCode).toBe(1005);
  });

  it('daily-basis booking takes whole days', async () => {
    await setSettings(s, { daily_basis_booking: '1', max_booking_duration_hours: '24' });
    await book(u, floor.spaces[0]!, wall(Z, 1, 0), `${wall(Z, 1, 23, 59).slice(0, 17)}59Z`);
    expect((await failure(book(u, floor.spaces[1]!, wall(Z, 1, 9), wall(Z, 1, 17)))).appCode).toBe(1005);
  });

  it('precheck answers for an area before a space is chosen', async () => {
    await s.admin.put(`/location/${floor.locationId}`, {
      name: 'Floor',
      enabled: true,
      timezone: Z,
      maxConcurrentBookings: 1,
    });
    await u.post('/booking/precheck/', { locationId: floor.locationId, enter: wall(Z, 1, 9), leave: wall(Z, 1, 10) });
    await book(s.admin, floor.spaces[0]!, wall(Z, 1, 9), wall(Z, 1, 10));
    const err = await failure(
      u.post('/booking/precheck/', { locationId: floor.locationId, enter: wall(Z, 1, 9), leave: wall(Z, 1, 10) }),
    );
    expect([err.status, err.appCode]).toEqual([400, 1002]);
    expect(
      (
        await failure(
          u.post('/booking/precheck/', {
            locationId: '00000000-0000-4000-8000-000000000000',
            enter: wall(Z, 1, 9),
            leave: wall(Z, 1, 10),
          }),
        )
      ).status,
    ).toBe(400);
  });
});
