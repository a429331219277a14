import type { Booking } from '@perch/contract';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { effectiveZone, toClientTime } from '../../lib/time.js';

/** A booking with what its JSON needs: the person, the space, the area and its time zone. */
export interface BookingView {
  id: string;
  organization_id: string;
  location_id: string;
  space_id: string;
  user_id: string;
  enter_at: Date;
  leave_at: Date;
  approved: boolean;
  subject: string;
  recurring_id: string | null;
  user_email: string;
  user_firstname: string;
  user_lastname: string;
  space_name: string;
  location_name: string;
  zone: string;
}

/** The effective time zone of the joined `locations` row. */
export const LOCATION_ZONE = sql<string>`coalesce(nullif(locations.timezone, ''), (SELECT value FROM settings st WHERE st.organization_id = locations.organization_id AND st.name = 'default_timezone'), 'UTC')`;

/** The base query of every booking list: joins and the area's effective time zone. */
export function bookingViews(
  db: Db,
): SelectQueryBuilder<Database, 'bookings' | 'users' | 'spaces' | 'locations', BookingView> {
  return db
    .selectFrom('bookings')
    .innerJoin('users', 'users.id', 'bookings.user_id')
    .innerJoin('spaces', 'spaces.id', 'bookings.space_id')
    .innerJoin('locations', 'locations.id', 'bookings.location_id')
    .select([
      'bookings.id',
      'bookings.organization_id',
      'bookings.location_id',
      'bookings.space_id',
      'bookings.user_id',
      'bookings.enter_at',
      'bookings.leave_at',
      'bookings.approved',
      'bookings.subject',
      'bookings.recurring_id',
      'users.email as user_email',
      'users.firstname as user_firstname',
      'users.lastname as user_lastname',
      'spaces.name as space_name',
      'locations.name as location_name',
      LOCATION_ZONE.as('zone'),
    ]);
}

export async function findBookingView(db: Db, id: string): Promise<BookingView | undefined> {
  return bookingViews(db).where('bookings.id', '=', id).executeTakeFirst();
}

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
