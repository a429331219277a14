import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { getPreference, listPreferences, savePreference } from './service.js';

export async function preferenceRoutes(app: App): Promise<void> {
  const { deps } = app;
  const e = api.preference;

  route(app, e.list, ({ auth }) => listPreferences(deps, auth));
  route(app, e.get, ({ auth, params }) => getPreference(deps, auth, params.name));
  route(app, e.set, ({ auth, params, body }) => savePreference(deps, auth, { name: params.name, value: body.value }));
}
