import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { checkIn, checkOut, dueCheckIns } from './check-in.js';
import { followReminderLink } from './links.js';
import { presenceCheckIn } from './presence.js';

export async function checkInRoutes(app: App): Promise<void> {
  const { deps } = app;
  const e = api.booking;
  route(app, e.checkIn, ({ auth, params, body }) => checkIn(deps, auth, params.id, body.token));
  route(app, e.checkOut, ({ auth, params }) => checkOut(deps, auth, params.id));
  route(app, api.checkIn.due, ({ auth }) => dueCheckIns(deps, auth));
  route(app, api.checkIn.link, ({ params, body }) => followReminderLink(deps, params.id, body.action));
  route(app, api.presence.checkIn, ({ auth, body }) => presenceCheckIn(deps, auth, body));
}
