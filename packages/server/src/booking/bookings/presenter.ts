import type { Booking } from '@perch/contract';
import { JsonText } from '../../http/route.js';
import { effectiveZone, toClientTime } from '../../lib/time.js';
import type { BookingList, BookingView, ListedArea, ListedBooking, ListedPerson } from './repo.js';

type BookingCore = Pick<
  ListedBooking,
  'id' | 'location_id' | 'space_id' | 'user_id' | 'approved' | 'subject' | 'recurring_id' | 'release_reason'
>;

/** The client times of a booking's check-in and release, when there are any. */
interface CheckInTimes {
  checkedInAt: string | null;
  releasedAt: string | null;
}

/** A booking as the API shows it, from its columns, what it refers to and its client times. */
function bookingOf(
  b: BookingCore,
  person: ListedPerson,
  spaceName: string,
  areaName: string,
  enter: string,
  leave: string,
  checkIn: CheckInTimes,
): Booking {
  return {
    id: b.id,
    userId: b.user_id,
    userEmail: person.email,
    userFirstname: person.firstname,
    userLastname: person.lastname,
    approved: b.approved,
    recurringId: b.recurring_id ?? '',
    spaceId: b.space_id,
    subject: b.subject,
    enter,
    leave,
    space: {
      id: b.space_id,
      locationId: b.location_id,
      name: spaceName,
      location: { id: b.location_id, name: areaName },
    },
    checkedInAt: checkIn.checkedInAt,
    releasedAt: checkIn.releasedAt,
    releaseReason: b.release_reason,
  };
}

/** A booking as the API shows it: times as the area's wall clock with its offset. */
export function presentBooking(b: BookingView): Booking {
  const zone = effectiveZone(b.zone, undefined);
  const person = { email: b.user_email, firstname: b.user_firstname, lastname: b.user_lastname };
  const enter = toClientTime(b.enter_at, zone);
  const checkIn = {
    checkedInAt: b.checked_in_at ? toClientTime(b.checked_in_at, zone) : null,
    releasedAt: b.released_at ? toClientTime(b.released_at, zone) : null,
  };
  return bookingOf(b, person, b.space_name, b.location_name, enter, toClientTime(b.leave_at, zone), checkIn);
}

/** A booking of a list with what it refers to, and its times as the API writes them. */
export interface ListEntry {
  booking: ListedBooking;
  person: ListedPerson;
  spaceName: string;
  area: ListedArea;
  enter: string;
  leave: string;
  checkIn: CheckInTimes;
}

/**
 * Calls `each` for the bookings of a list in order, with their person, space, area and client
 * times. Times are formatted once per area and instant (lists repeat the same half hours).
 */
export function forEachListEntry(list: BookingList, each: (entry: ListEntry) => void): void {
  const areaTimes = new Map<string, { area: ListedArea; zone: string; times: Map<number, string> }>();
  const clientTime = (t: { zone: string; times: Map<number, string> }, seconds: number) => {
    let text = t.times.get(seconds);
    if (text === undefined) {
      text = toClientTime(seconds * 1000, t.zone);
      t.times.set(seconds, text);
    }
    return text;
  };
  for (const booking of list.bookings) {
    let t = areaTimes.get(booking.location_id);
    if (t === undefined) {
      const area = list.areas.get(booking.location_id)!;
      t = { area, zone: effectiveZone(area.zone, undefined), times: new Map() };
      areaTimes.set(booking.location_id, t);
    }
    each({
      booking,
      person: list.people.get(booking.user_id)!,
      spaceName: list.spaces.get(booking.space_id)!,
      area: t.area,
      enter: clientTime(t, booking.enter_s),
      leave: clientTime(t, booking.leave_s),
      checkIn: {
        checkedInAt: booking.checked_in_s === null ? null : toClientTime(booking.checked_in_s * 1000, t.zone),
        releasedAt: booking.released_s === null ? null : toClientTime(booking.released_s * 1000, t.zone),
      },
    });
  }
}

/**
 * A list of bookings as its JSON text, the same as `presentBooking` of each. Lists run to
 * thousands of bookings (a week of an organisation, every waiting approval): written directly,
 * they skip the response schema's copy of every object, which the `Booking` type guarantees.
 */
export function presentBookingList(list: BookingList): JsonText {
  const out: Booking[] = [];
  forEachListEntry(list, (e) => {
    out.push(bookingOf(e.booking, e.person, e.spaceName, e.area.name, e.enter, e.leave, e.checkIn));
  });
  return new JsonText(JSON.stringify(out));
}
