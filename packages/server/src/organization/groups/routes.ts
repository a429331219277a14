import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { usersWithPasskeys } from '../../identity/second-factors/index.js';
import { presentUser } from '../../identity/accounts/index.js';
import { presentGroup } from './presenter.js';
import {
  addMembers,
  createGroup,
  deleteGroup,
  getGroup,
  groupMembers,
  listGroups,
  removeMembers,
  updateGroup,
} from './service.js';

export async function groupRoutes(app: App): Promise<void> {
  const { deps } = app;
  const e = api.group;

  route(app, e.list, async ({ auth }) => (await listGroups(deps, auth)).map((g) => presentGroup(g, g.user_count)));
  route(app, e.get, async ({ auth, params }) => presentGroup(await getGroup(deps, auth, params.id)));
  route(app, e.create, async ({ auth, body }) => ({ id: await createGroup(deps, auth, body) }));
  route(app, e.update, ({ auth, params, body }) => updateGroup(deps, auth, { id: params.id, group: body }));
  route(app, e.delete, ({ auth, params }) => deleteGroup(deps, auth, params.id));
  route(app, e.members, async ({ auth, params }) => {
    const members = await groupMembers(deps, auth, params.id);
    const withPasskeys = await usersWithPasskeys(
      deps.db,
      members.map((u) => u.id),
    );
    return members.map((u) => presentUser(u, undefined, withPasskeys.has(u.id)));
  });
  route(app, e.addMembers, ({ auth, params, body }) => addMembers(deps, auth, { id: params.id, userIds: body }));
  route(app, e.removeMembers, ({ auth, params, body }) => removeMembers(deps, auth, { id: params.id, userIds: body }));
}
