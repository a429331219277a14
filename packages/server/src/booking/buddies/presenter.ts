import type { Buddy } from '@perch/contract';
import { effectiveZone, toFakeUtc } from '../../lib/time.js';
import type { BuddyRow, NextBookingRow } from './repo.js';

/** A buddy with their next booking, its times on the area's clock (as fake UTC). */
export function presentBuddy(b: BuddyRow, next: NextBookingRow | undefined): Buddy {
  const zone = next ? effectiveZone(next.zone, undefined) : 'UTC';
  return {
    id: b.id,
    buddyId: b.buddy_id,
    buddyEmail: b.email,
    buddyFirstname: b.firstname,
    buddyLastname: b.lastname,
    buddyFirstBooking: next
      ? {
          enter: toFakeUtc(next.enter_at, zone),
          leave: toFakeUtc(next.leave_at, zone),
          desk: next.desk,
          room: next.room,
        }
      : null,
  };
}
