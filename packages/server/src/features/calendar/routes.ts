import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { publicUrl } from '../../lib/public-url.js';
import { getBooking } from '../bookings/lists.js';
import { getSeries } from '../recurring/series.js';
import { calendarFile, calendarFileName, loadBookingEvents } from './events.js';
import { deleteFeed, feedFile, getFeed, resetFeed } from './feed.js';

/** Calendar files of bookings and series (reference §2.8–2.9), and the personal calendar feed. */
export async function calendarRoutes(app: App): Promise<void> {
  const { deps } = app;
  const link = publicUrl(deps.config, '/ui/bookings/');
  const attachment = (name: string) => `attachment; filename="${name}"`;

  route(app, api.booking.ical, async ({ auth, params, header }) => {
    const booking = await getBooking(deps, auth, params.id);
    const events = await loadBookingEvents(deps.db, [booking.id]);
    if (!events[0]) throw notFound('Unknown booking');
    header('content-disposition', attachment(calendarFileName(events[0])));
    return calendarFile(events, { link });
  });

  route(app, api.recurringBooking.ical, async ({ auth, params, header }) => {
    const { series } = await getSeries(deps, auth, params.id);
    const ids = await deps.db.selectFrom('bookings').select('id').where('recurring_id', '=', series.id).execute();
    const events = await loadBookingEvents(
      deps.db,
      ids.map((r) => r.id),
    );
    if (!events[0]) throw notFound('The series has no dates left');
    header('content-disposition', attachment(calendarFileName(events[0])));
    return calendarFile(events, { link });
  });

  route(app, api.calendar.feed, ({ auth }) => getFeed(deps, auth));
  route(app, api.calendar.resetFeed, ({ auth }) => resetFeed(deps, auth));
  route(app, api.calendar.deleteFeed, ({ auth }) => deleteFeed(deps, auth));
  route(app, api.calendar.feedFile, async ({ params, header }) => {
    const file = await feedFile(deps, params.token);
    header('content-disposition', 'inline; filename="perch.ics"');
    header('cache-control', 'private, max-age=300');
    return file;
  });
}
