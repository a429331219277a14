import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { bookingCalendarFile, seriesCalendarFile } from './booking-files.js';
import { deleteFeed, feedFile, getFeed, resetFeed } from './feed.js';

/** Calendar files of bookings and series, and the personal calendar feed. */
export async function calendarRoutes(app: App): Promise<void> {
  const { deps } = app;
  const attachment = (name: string) => `attachment; filename="${name}"`;

  route(app, api.booking.ical, async ({ auth, params, header }) => {
    const file = await bookingCalendarFile(deps, auth, params.id);
    header('content-disposition', attachment(file.fileName));
    return file.text;
  });
  route(app, api.recurringBooking.ical, async ({ auth, params, header }) => {
    const file = await seriesCalendarFile(deps, auth, params.id);
    header('content-disposition', attachment(file.fileName));
    return file.text;
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
