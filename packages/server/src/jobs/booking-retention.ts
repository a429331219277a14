import { bookingsPastRetention, removeBookings } from '../booking/bookings/index.js';
import type { Job } from './scheduler.js';

const BATCH = 500;

/**
 * Deletes bookings that ended longer ago than `booking_retention_days` (never less than 30)
 * in organisations with `booking_retention_enabled`, in batches; emptied series go too.
 */
export const bookingRetentionJob: Job = {
  name: 'booking-retention',
  intervalSeconds: 60,
  async run(deps) {
    await removeBookings(deps, null, await bookingsPastRetention(deps.db, BATCH), 'retention');
  },
};
