import {
  caldavConnectBody,
  caldavDisconnectQuery,
  caldavDisconnectResultSchema,
  caldavStatusSchema,
  calendarFeedParams,
  calendarFeedSchema,
} from '../entities/calendar.js';
import { endpoints } from '../endpoint.js';
import { routes } from '../routes.js';

/**
 * The signed-in user's calendars: the CalDAV connection bookings are synced to, and the personal
 * calendar feed (a secret, revocable address calendar apps poll).
 */
export const calendarApi = endpoints('calendars', routes.calendar, {
  caldavStatus: {
    summary: "The caller's CalDAV connection and how its sync went (the password is never returned)",
    response: caldavStatusSchema,
  },
  caldavConnect: {
    summary: 'Connect a CalDAV calendar: bookings are written to it from now on',
    description:
      'Signs in to the server, finds the account’s calendars and stores the connection only when `path` is one ' +
      'of them; upcoming approved bookings are then written to it in the background. 400 when the server cannot ' +
      'be reached, refuses the credentials or has no such calendar (nothing is stored). Without `password` the ' +
      'stored one is used (same URL and user name).',
    body: caldavConnectBody,
  },
  caldavTest: {
    summary: 'Check the stored CalDAV connection: sign in and find the calendar',
    description: '400 with the reason when it fails; 404 when no calendar is connected.',
  },
  caldavDisconnect: {
    summary: 'Disconnect the CalDAV calendar',
    description:
      'Clears the four `caldav_*` preferences. Events already in the calendar stay unless `removeEvents=1`, which ' +
      'removes the events Perch wrote there first.',
    query: caldavDisconnectQuery,
    response: caldavDisconnectResultSchema,
  },
  feed: { summary: "The caller's calendar feed address (null while there is none)", response: calendarFeedSchema },
  resetFeed: {
    summary: 'Create the calendar feed, or replace its address (the old address stops working)',
    response: calendarFeedSchema,
  },
  deleteFeed: { summary: 'Turn the calendar feed off (the address stops working)' },
  feedFile: {
    summary: "A user's bookings as an iCalendar feed (the secret address is the credential)",
    description:
      'Bookings from 30 days ago to a year ahead; pending ones are tentative. 404 for an unknown or revoked ' +
      'address. `.ics` after the token is optional.',
    params: calendarFeedParams,
  },
});
