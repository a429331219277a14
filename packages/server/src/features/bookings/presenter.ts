import type { Booking } from '@perch/contract';
import { JsonText } from '../../http/route.js';
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

/**
 * A list of bookings as its JSON text. Lists run to thousands of bookings (a week of an
 * organisation, every waiting approval): written directly, they skip the response schema's
 * copy of every object, which the `Booking` type already guarantees.
 */
export function presentBookingList(rows: readonly BookingView[]): JsonText {
  return new JsonText(JSON.stringify(rows.map(presentBooking)));
}
