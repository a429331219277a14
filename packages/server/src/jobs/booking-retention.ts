import { sql } from 'kysely';
import { removeBookings } from '../features/bookings/delete-booking.js';
import type { Job } from './scheduler.js';

const BATCH = 500;

/**
 * Deletes bookings that ended longer ago than `booking_retention_days` (never less than 30)
 * in organisations with `booking_retention_enabled`, in batches; emptied series go too.
 */
export const bookingRetentionJob: Job = {
  name: 'booking-retention',
  intervalSeconds: 60,
  async run(db) {
    const { rows } = await sql<{ id: string }>`
      SELECT b.id FROM bookings b
      JOIN settings en ON en.organization_id = b.organization_id AND en.name = 'booking_retention_enabled' AND en.value = '1'
      LEFT JOIN settings d ON d.organization_id = b.organization_id AND d.name = 'booking_retention_days'
      WHERE b.leave_at < now() - make_interval(days => greatest(30, coalesce(nullif(d.value, '')::int, 365)))
      ORDER BY b.leave_at
      LIMIT ${BATCH}`.execute(db);
    await removeBookings(
      db,
      rows.map((r) => r.id),
    );
  },
};
