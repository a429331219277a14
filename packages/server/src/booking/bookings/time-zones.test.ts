import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login, PerchClient } from '@perch/client';
import type { Booking, Preflight } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { book, createFloor, setSettings, wall } from '../../test-support/bookings.js';
import { failure } from '../../test-support/http.js';
import { spawnServer } from '../../test-support/process.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../../test-support/server.js';

/** Times are the area's wall clock on the wire and instants inside, DST-correct in every zone. */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(async () => {
  await s.reset();
  await setSettings(s, { max_days_in_advance: '9999', max_booking_duration_hours: '48', max_bookings_per_user: '100' });
});

async function roundTrip(zone: string, enter: string, leave: string) {
  const floor = await createFloor(s, { zone, desks: 1 });
  const id = await book(s.admin, floor.spaces[0]!, enter, leave);
  return s.admin.get<Booking>(`/booking/${id}`);
}

describe('time zones', () => {
  it('Europe/Berlin: a booking across the spring-forward change keeps its wall clock and real length', async () => {
    const b = await roundTrip('Europe/Berlin', '2030-03-31T01:00:00Z', '2030-03-31T04:00:00Z');
    expect([b.enter, b.leave]).toEqual(['2030-03-31T01:00:00+01:00', '2030-03-31T04:00:00+02:00']);
    const row = await s.deps.db
      .selectFrom('bookings')
      .select(['enter_at', 'leave_at'])
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(row.leave_at.getTime() - row.enter_at.getTime()).toBe(2 * 3_600_000);
  });

  it('Europe/Berlin: the maximum duration counts real hours on the fall-back night', async () => {
    await setSettings(s, { max_booking_duration_hours: '3' });
    const floor = await createFloor(s, { zone: 'Europe/Berlin', desks: 1 });
    // 01:00–04:00 wall clock lasts four hours when 03:00 comes twice.
    expect(
      (await failure(book(s.admin, floor.spaces[0]!, '2030-10-27T01:00:00Z', '2030-10-27T04:00:00Z'))).appCode,
    ).toBe(1005);
    await book(s.admin, floor.spaces[0]!, '2030-10-27T01:00:00Z', '2030-10-27T03:00:00Z');
  });

  it('America/New_York: offsets follow the zone, not the server', async () => {
    const b = await roundTrip('America/New_York', '2030-03-10T01:30:00Z', '2030-03-10T03:30:00Z');
    expect([b.enter, b.leave]).toEqual(['2030-03-10T01:30:00-05:00', '2030-03-10T03:30:00-04:00']);
    const winter = await roundTrip('America/New_York', '2030-01-15T09:00:00Z', '2030-01-15T17:00:00Z');
    expect(winter.enter).toBe('2030-01-15T09:00:00-05:00');
  });

  it('Australia/Lord_Howe: the half-hour DST shift', async () => {
    const b = await roundTrip('Australia/Lord_Howe', '2030-10-06T01:00:00Z', '2030-10-06T04:00:00Z');
    expect([b.enter, b.leave]).toEqual(['2030-10-06T01:00:00+10:30', '2030-10-06T04:00:00+11:00']);
    const row = await s.deps.db
      .selectFrom('bookings')
      .select(['enter_at', 'leave_at'])
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(row.leave_at.getTime() - row.enter_at.getTime()).toBe(2.5 * 3_600_000);
  });

  it('an input with an offset is normalised to UTC before being read as wall clock (reference behaviour)', async () => {
    const b = await roundTrip('UTC', '2030-06-03T08:30:00+02:00', '2030-06-03T10:00:00+02:00');
    expect(b.enter).toBe('2030-06-03T06:30:00Z');
  });

  it('uses the organisation default zone for areas without one', async () => {
    await setSettings(s, { default_timezone: 'Asia/Tokyo' });
    const b = await roundTrip('', '2030-06-03T09:00:00Z', '2030-06-03T10:00:00Z');
    expect(b.enter).toBe('2030-06-03T09:00:00+09:00');
  });
});

describe('the server process time zone does not matter', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  for (const tz of ['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
    it(`TZ=${tz}`, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-tz-'));
      dirs.push(dataDir);
      const server = await spawnServer({ TZ: tz, DATABASE_URL: '', POSTGRES_URL: '', DATA_DIR: dataDir });
      try {
        const orgId = ((await (await fetch(`${server.url}/auth/singleorg`)).json()) as Preflight).organization.id;
        const c = new PerchClient({ baseUrl: server.url });
        await login(c, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, organizationId: orgId });
        await c.put('/setting/max_days_in_advance', { value: '9999' });
        const results: string[] = [];
        for (const zone of ['Europe/Berlin', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
          const loc = (await c.post('/location/', { name: zone, enabled: true, timezone: zone })).objectId!;
          const space = (await c.post(`/location/${loc}/space/`, { name: 'Desk' })).objectId!;
          const fixed = (
            await c.post('/booking/', { spaceId: space, enter: '2030-06-03T09:00:00Z', leave: '2030-06-03T17:00:00Z' })
          ).objectId!;
          results.push((await c.get<Booking>(`/booking/${fixed}`)).enter);
          // "Today" is the area's today: a booking for all of today there is accepted.
          await c.post('/booking/', { spaceId: space, enter: wall(zone, 0, 0), leave: wall(zone, 0, 11) });
        }
        expect(results).toEqual([
          '2030-06-03T09:00:00+02:00',
          '2030-06-03T09:00:00+14:00',
          '2030-06-03T09:00:00-07:00',
        ]);
      } finally {
        await server.stop();
      }
    }, 90_000);
  }
});

describe('booking lists, written without the response schema', () => {
  it('answer the same JSON as one booking read alone, in every kind of zone and across DST changes', async () => {
    const cases: [string, string, string][] = [
      ['Europe/Berlin', '2030-03-31T01:00:00Z', '2030-03-31T04:00:00Z'],
      ['Europe/Berlin', '2030-10-27T01:30:00Z', '2030-10-27T03:30:00Z'],
      ['America/New_York', '2030-03-10T01:30:00Z', '2030-03-10T03:30:00Z'],
      ['America/St_Johns', '2030-07-01T09:00:00Z', '2030-07-01T17:00:00Z'],
      ['Asia/Kolkata', '2030-05-05T08:15:00Z', '2030-05-05T09:45:00Z'],
      ['Asia/Kathmandu', '2030-05-06T23:00:00Z', '2030-05-07T01:00:00Z'],
      ['Australia/Lord_Howe', '2030-10-06T01:00:00Z', '2030-10-06T04:00:00Z'],
      ['Pacific/Chatham', '2030-12-31T22:00:00Z', '2030-12-31T23:59:00Z'],
      ['Pacific/Kiritimati', '2030-02-02T10:00:00Z', '2030-02-02T11:00:00Z'],
      ['Pacific/Pago_Pago', '2030-02-03T10:00:00Z', '2030-02-03T11:00:00Z'],
      ['UTC', '2030-06-01T08:00:00Z', '2030-06-01T09:00:00Z'],
      ['Etc/UTC', '2030-06-02T08:00:00Z', '2030-06-02T09:00:00Z'],
      ['Europe/London', '2030-01-02T08:00:00Z', '2030-01-02T09:00:00Z'],
      ['Africa/Abidjan', '2030-01-03T08:00:00Z', '2030-01-03T09:00:00Z'],
    ];
    const ids: string[] = [];
    for (const [zone, enter, leave] of cases) {
      const floor = await createFloor(s, { zone, desks: 1 });
      ids.push(await book(s.admin, floor.spaces[0]!, enter, leave, { subject: `“Quoted” \\ "${zone}" naïve\n` }));
    }
    const alone = new Map<string, Booking>();
    for (const id of ids) alone.set(id, await s.admin.get<Booking>(`/booking/${id}`));
    const byStart = [...alone.values()].sort(
      (a, b) => Date.parse(a.enter) - Date.parse(b.enter) || a.id.localeCompare(b.id),
    );
    const filtered = await s.admin.get<Booking[]>(
      `/booking/filter/?start=${encodeURIComponent('2030-01-01T00:00:00Z')}&end=${encodeURIComponent('2031-01-02T00:00:00Z')}`,
    );
    expect(filtered).toEqual(byStart);
    // The offsets themselves, as the reference writes them.
    expect(filtered.map((b) => b.enter.slice(19))).toEqual(
      expect.arrayContaining(['+05:30', '+05:45', '-02:30', '+10:30', '+14:00', '-11:00', 'Z', '+00:00']),
    );
    expect(await s.admin.get<Booking[]>('/booking/')).toEqual(byStart);
    const page = await s.admin.get<Booking[]>(
      `/booking/filter/?start=${encodeURIComponent('2030-01-01T00:00:00Z')}&end=${encodeURIComponent('2031-01-02T00:00:00Z')}&limit=3&offset=2`,
    );
    expect(page).toEqual(byStart.slice(2, 5));
  });

  it('answer an empty list as []', async () => {
    expect(await s.admin.get<Booking[]>('/booking/')).toEqual([]);
    expect(await s.admin.get<Booking[]>('/booking/current/')).toEqual([]);
    expect(await s.admin.get<Booking[]>('/booking/pendingapprovals/')).toEqual([]);
  });
});
