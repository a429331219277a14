import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { presentApiTokenState } from './presenter.js';
import { createApiToken, getApiTokenState, revokeApiToken } from './service.js';

/** `/user/{id}/api-token`: the API token of a service account (org admins). */
export async function apiTokenRoutes(app: App): Promise<void> {
  const { deps } = app;
  const e = api.apiToken;
  route(app, e.get, async ({ auth, params }) => presentApiTokenState(await getApiTokenState(deps, auth, params.id)));
  route(app, e.create, async ({ auth, params }) => ({ token: await createApiToken(deps, auth, params.id) }));
  route(app, e.delete, ({ auth, params }) => revokeApiToken(deps, auth, params.id));
}
