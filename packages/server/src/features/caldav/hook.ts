import type { BookingHook } from '../bookings/write.js';
import { queueCalendarSync } from './queue.js';

/**
 * Queues calendar syncs for booking changes (reference §10), in the change's transaction:
 * approved bookings are written to their owner's calendar, changes rewrite them, removals and
 * declines take them out. Pending bookings never reach a calendar; bookings removed for
 * retention are history and stay. A booking handed to another person leaves the first one's
 * calendar and enters the other's.
 */
export const caldavBookingHook: BookingHook = async (tx, change) => {
  const queue = (userId: string, bookingId: string) => queueCalendarSync(tx.db, userId, bookingId);
  switch (change.kind) {
    case 'created':
    case 'approved':
      if (change.booking.approved) await queue(change.booking.user_id, change.booking.id);
      return;
    case 'updated': {
      const { before, booking } = change;
      if (!booking.approved && before.caldav_id === '') return;
      await queue(booking.user_id, booking.id);
      if (before.user_id !== booking.user_id) await queue(before.user_id, booking.id);
      return;
    }
    case 'removed':
      if (change.reason !== 'retention' && (change.booking.approved || change.booking.caldav_id !== ''))
        await queue(change.booking.user_id, change.booking.id);
      return;
    default:
      // Series as a whole: their occurrences were queued one by one.
      return;
  }
};
