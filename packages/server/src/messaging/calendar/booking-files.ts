import type { AppDeps, AuthContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { publicUrl } from '../../lib/public-url.js';
import { getBooking } from '../../booking/bookings/index.js';
import { getSeries } from '../../booking/recurring/index.js';
import { calendarFile, calendarFileName, describeBookings, loadBookingEvents, type BookingEvent } from './events.js';

/** A calendar file to download: its name and its text. */
export interface CalendarDownload {
  fileName: string;
  text: string;
}

function download(deps: AppDeps, events: BookingEvent[]): CalendarDownload {
  const link = publicUrl(deps.config, '/ui/bookings/');
  return { fileName: calendarFileName(events[0]!), text: calendarFile(events, { link }) };
}

/** One booking the caller may see, as a calendar file. */
export async function bookingCalendarFile(deps: AppDeps, auth: AuthContext, id: string): Promise<CalendarDownload> {
  const booking = await getBooking(deps, auth, id);
  const events = await loadBookingEvents(deps.db, [booking.id]);
  if (!events[0]) throw notFound('Unknown booking');
  return download(deps, events);
}

/** The dates left of a series the caller may see, as one calendar file. */
export async function seriesCalendarFile(deps: AppDeps, auth: AuthContext, id: string): Promise<CalendarDownload> {
  const { series } = await getSeries(deps, auth, id);
  const rows = await deps.db
    .selectFrom('bookings')
    .selectAll()
    .where('recurring_id', '=', series.id)
    .orderBy('enter_at')
    .execute();
  const events = await describeBookings(deps.db, rows);
  if (!events[0]) throw notFound('The series has no dates left');
  return download(deps, events);
}
