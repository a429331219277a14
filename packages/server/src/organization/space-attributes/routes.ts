import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { presentSpaceAttribute } from './presenter.js';
import { createAttribute, deleteAttribute, getAttribute, listAttributes, updateAttribute } from './service.js';

export async function spaceAttributeRoutes(app: App): Promise<void> {
  const { deps } = app;
  const e = api.spaceAttribute;

  route(app, e.list, async ({ auth }) => (await listAttributes(deps, auth)).map(presentSpaceAttribute));
  route(app, e.get, async ({ auth, params }) => presentSpaceAttribute(await getAttribute(deps, auth, params.id)));
  route(app, e.create, async ({ auth, body }) => ({ id: await createAttribute(deps, auth, body) }));
  route(app, e.update, ({ auth, params, body }) => updateAttribute(deps, auth, { id: params.id, attribute: body }));
  route(app, e.delete, ({ auth, params }) => deleteAttribute(deps, auth, params.id));
}
