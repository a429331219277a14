import type { Booking } from '@perch/contract';
import { effectiveZone, toClientTime } from '../../lib/time.js';
import type { BookingView } from './repo.js';

/** A booking as the API shows it: times as the area's wall clock with its offset. */
export function presentBooking(b: BookingView): Booking {
  const zone = effectiveZone(b.zone, undefined);
  return {
    id: b.id,
    userId: b.user_id,
    userEmail: b.user_email,
    userFirstname: b.user_firstname,
    userLastname: b.user_lastname,
    approved: b.approved,
    recurringId: b.recurring_id ?? '',
    spaceId: b.space_id,
    subject: b.subject,
    enter: toClientTime(b.enter_at, zone),
    leave: toClientTime(b.leave_at, zone),
    space: {
      id: b.space_id,
      locationId: b.location_id,
      name: b.space_name,
      location: { id: b.location_id, name: b.location_name },
    },
  };
}
