import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFloor, setSettings } from '../test-support/bookings.js';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { bookingRetentionJob } from './booking-retention.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('booking retention', () => {
  it('removes bookings older than the retention period, only where it is enabled', async () => {
    const floor = await createFloor(s, { desks: 3 });
    const me = await s.admin.get<{ id: string }>('/user/me');
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
    const insert = (space: string, endedDaysAgo: number) =>
      s.deps.db
        .insertInto('bookings')
        .values({
          organization_id: s.orgId,
          location_id: floor.locationId,
          space_id: space,
          user_id: me.id,
          enter_at: daysAgo(endedDaysAgo + 0.1),
          leave_at: daysAgo(endedDaysAgo),
          recurring_id: null,
          last_info_mail_sent_at: null,
          reminder_sent_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    await insert(floor.spaces[0]!, 400);
    await insert(floor.spaces[1]!, 40);
    const fresh = await insert(floor.spaces[2]!, 10);
    await bookingRetentionJob.run(s.deps);
    expect(await s.deps.db.selectFrom('bookings').select('id').execute()).toHaveLength(3);
    await setSettings(s, { booking_retention_enabled: '1', booking_retention_days: '30' });
    await bookingRetentionJob.run(s.deps);
    const left = (await s.deps.db.selectFrom('bookings').select('id').execute()).map((r) => r.id);
    expect(left).toEqual([fresh.id]);
  });
});
