import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import {
  caldavStatus,
  connectCaldav,
  disconnectCaldav,
  findCalendars,
  savePreferencesChecked,
  testCaldav,
} from './service.js';

export async function caldavRoutes(app: App): Promise<void> {
  const { deps } = app;
  route(app, api.preference.caldavCalendars, ({ auth, body }) =>
    findCalendars(deps, auth, { url: body.url, username: body.username, password: body.password }),
  );
  // Saving all preferences at once may connect a calendar, so the calendar checks it first.
  route(app, api.preference.saveAll, ({ auth, body }) => savePreferencesChecked(deps, auth, body));
  route(app, api.calendar.caldavStatus, ({ auth }) => caldavStatus(deps, auth));
  route(app, api.calendar.caldavConnect, ({ auth, body }) => connectCaldav(deps, auth, body));
  route(app, api.calendar.caldavTest, ({ auth }) => testCaldav(deps, auth));
  route(app, api.calendar.caldavDisconnect, ({ auth, query }) =>
    disconnectCaldav(deps, auth, query.removeEvents === '1' || query.removeEvents === 'true'),
  );
}
