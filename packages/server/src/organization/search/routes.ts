import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { presentSearchResult } from './presenter.js';
import { search } from './service.js';

/** GET /search/: the admin header's search over users, areas, spaces and groups. */
export async function searchRoutes(app: App): Promise<void> {
  const { deps } = app;

  route(app, api.search.find, async ({ auth, query }) =>
    presentSearchResult(await search(deps, auth, query), query.expandLocations === '1'),
  );
}
