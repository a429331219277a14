import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { presentUserStub } from '../../identity/accounts/index.js';
import { presentBuddy } from './presenter.js';
import { addBuddy, listBuddies, removeBuddy, searchBuddies } from './service.js';

export async function buddyRoutes(app: App): Promise<void> {
  const { deps } = app;
  const e = api.buddy;

  route(app, e.list, async ({ auth }) => (await listBuddies(deps, auth)).map((b) => presentBuddy(b.buddy, b.next)));
  route(app, e.create, async ({ auth, body }) => ({ id: await addBuddy(deps, auth, body) }));
  route(app, e.save, async ({ auth, body }) => ({ id: await addBuddy(deps, auth, body) }));
  route(app, e.delete, ({ auth, params }) => removeBuddy(deps, auth, params.id));
  route(app, e.search, async ({ auth, query }) => (await searchBuddies(deps, auth, query.q)).map(presentUserStub));
}
