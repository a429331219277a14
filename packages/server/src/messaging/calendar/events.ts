import ical, { ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import type { Db } from '../../db/connection.js';
import type { BookingRow } from '../../db/schema.js';
import { effectiveZone } from '../../lib/time.js';
import { LOCATION_ZONE } from '../../booking/bookings/index.js';

/**
 * Bookings as calendar events: the same event, with the booking's id as UID,
 * in CalDAV calendars, mail attachments, the `/ical` downloads and the calendar feed. Its
 * SEQUENCE (`bookings.calendar_sequence`) goes up with every change, so a calendar that holds
 * an older copy takes the newer one in its place.
 */

/** PRODID `-//seatsurfing.io//seatsurfing//EN`, as the reference writes it. */
const PRODUCT_ID = { company: 'seatsurfing.io', product: 'seatsurfing', language: 'EN' };

/** A booking with what its event shows: the space, its area and the area's time zone. */
export interface BookingEvent {
  id: string;
  userId: string;
  organizationId: string;
  enter: Date;
  leave: Date;
  subject: string;
  approved: boolean;
  sequence: number;
  spaceName: string;
  areaName: string;
  /** The area's time zone (or the organisation's default). */
  zone: string;
}

/**
 * The events of bookings, which may already be deleted in this transaction (their space and
 * area are still there), in the order given. Bookings whose space is gone are left out.
 */
export async function describeBookings(db: Db, rows: readonly BookingRow[]): Promise<BookingEvent[]> {
  if (rows.length === 0) return [];
  const spaces = await db
    .selectFrom('spaces')
    .innerJoin('locations', 'locations.id', 'spaces.location_id')
    .select(['spaces.id', 'spaces.name as spaceName', 'locations.name as areaName', LOCATION_ZONE.as('zone')])
    .where('spaces.id', 'in', [...new Set(rows.map((r) => r.space_id))])
    .execute();
  const byId = new Map(spaces.map((s) => [s.id, s]));
  return rows.flatMap((r) => {
    const space = byId.get(r.space_id);
    if (!space) return [];
    return [
      {
        id: r.id,
        userId: r.user_id,
        organizationId: r.organization_id,
        enter: r.enter_at,
        leave: r.leave_at,
        subject: r.subject,
        approved: r.approved,
        sequence: r.calendar_sequence,
        spaceName: space.spaceName,
        areaName: space.areaName,
        zone: effectiveZone(space.zone, undefined),
      },
    ];
  });
}

/** Bookings by id, as events; unknown ids are left out. */
export async function loadBookingEvents(db: Db, ids: readonly string[]): Promise<BookingEvent[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('bookings')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('enter_at')
    .execute();
  return describeBookings(db, rows);
}

export interface CalendarOptions {
  /**
   * How a mail client should treat the file: `request` adds or updates the event, `cancel`
   * removes it (both with the organiser and the recipient as attendee, as invitations carry
   * them). Without a method the file is a plain calendar (downloads, CalDAV, the feed).
   */
  method?: 'request' | 'cancel';
  /** For `method`: who sends (the organiser) and who receives. */
  organizer?: string;
  attendee?: string;
  /** The calendar's name, for feeds. */
  name?: string;
  /** Shown in the event's description (a link to the booking page). */
  link?: string;
}

/** The summary and location lines of an event: "Seat Reservation: Desk 1, Floor 3". */
export const eventSummary = (e: Pick<BookingEvent, 'spaceName' | 'areaName'>): string =>
  `Seat Reservation: ${e.spaceName}, ${e.areaName}`;

/** An iCalendar file (RFC 5545) with one event per booking. */
export function calendarFile(events: readonly BookingEvent[], options: CalendarOptions = {}): string {
  const calendar = ical({
    prodId: PRODUCT_ID,
    name: options.name,
    method:
      options.method === 'cancel'
        ? ICalCalendarMethod.CANCEL
        : options.method === 'request'
          ? ICalCalendarMethod.REQUEST
          : undefined,
  });
  const cancel = options.method === 'cancel';
  for (const e of events) {
    const event = calendar.createEvent({
      id: e.id,
      // A cancellation is a newer version of the event than any copy sent before it.
      sequence: e.sequence + (cancel ? 1 : 0),
      start: e.enter,
      end: e.leave,
      stamp: new Date(),
      summary: eventSummary(e),
      location: `${e.spaceName}, ${e.areaName}`,
      description: [e.subject, options.link].filter(Boolean).join('\n\n') || undefined,
      transparency: ICalEventTransparency.TRANSPARENT,
      status: cancel ? ICalEventStatus.CANCELLED : e.approved ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    });
    if (options.method && options.organizer) {
      event.organizer({ name: 'Perch', email: options.organizer });
      if (options.attendee)
        event.createAttendee({ email: options.attendee, status: ICalAttendeeStatus.ACCEPTED, rsvp: false });
    }
  }
  return calendar.toString();
}

/** `seatsurfing-YYYYMMDD-HHMM.ics` (the name Seatsurfing clients know), after the start in the area's zone. */
export function calendarFileName(e: Pick<BookingEvent, 'enter' | 'zone'>): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: e.zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(e.enter);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `seatsurfing-${get('year')}${get('month')}${get('day')}-${get('hour')}${get('minute')}.ics`;
}
