import type { BookingHook } from '../../booking/bookings/index.js';
import type { PreferenceHook } from '../../context.js';
import { CALDAV_PREFERENCES } from '../../identity/preferences/index.js';
import { clearSyncState, queueCalendarSync, queueUpcomingBookings } from './queue.js';

/**
 * Queues calendar syncs for booking changes, in the change's transaction:
 * approved bookings are written to their owner's calendar, changes rewrite them, removals and
 * declines take them out. Pending bookings never reach a calendar; bookings removed for
 * retention are history and stay. A booking handed to another person leaves the first one's
 * calendar and enters the other's; one moved by an account merge enters the new owner's calendar
 * when it is still ahead.
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
    case 'reassigned':
      // The account it came from is removed with its calendar connection.
      if (change.booking.approved && change.booking.leave_at.getTime() > Date.now())
        await queue(change.booking.user_id, change.booking.id);
      return;
    case 'ended-early':
      // The calendar shows the booking as it happened: until the check-out or the release.
      if (change.booking.approved) await queue(change.booking.user_id, change.booking.id);
      return;
    case 'removed':
      if (change.reason !== 'retention' && (change.booking.approved || change.booking.caldav_id !== ''))
        await queue(change.booking.user_id, change.booking.id);
      return;
    default:
      // Series as a whole: their occurrences were queued one by one.
      return;
  }
};

/** Another calendar connection (or none): its sync starts afresh with the person's upcoming bookings. */
export const caldavPreferenceHook: PreferenceHook = async (tx, userId, changed) => {
  if (!changed.some((name) => (CALDAV_PREFERENCES as readonly string[]).includes(name))) return;
  await clearSyncState(tx.db, userId);
  await queueUpcomingBookings(tx.db, userId);
};
