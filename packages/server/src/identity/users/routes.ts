import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { presentSession, listMySessions } from '../sessions/index.js';
import { presentGroup } from '../../organization/groups/index.js';
import { countPasskeys, usersWithPasskeys } from '../second-factors/index.js';
import { presentLookedUpUser, presentMe, presentUserCount } from './presenter.js';
import { presentUser } from '../accounts/index.js';
import {
  countOrgUsers,
  createUser,
  deleteUserAccount,
  getMe,
  getUser,
  listUserGroups,
  listUsers,
  lookUpUserByEmail,
  resendInvitation,
  setPassword,
  updateUserAccount,
} from './service.js';

export async function userRoutes(app: App): Promise<void> {
  const { deps } = app;
  const e = api.user;

  route(app, e.me, async ({ auth, request }) => presentMe(await getMe(deps, auth, { host: request.host })));
  route(app, e.sessions, async ({ auth }) =>
    (await listMySessions(deps, auth)).map((s) => presentSession(s, auth.sessionId)),
  );
  route(app, e.count, async ({ auth }) => presentUserCount(await countOrgUsers(deps, auth)));
  route(app, e.list, async ({ auth, query, header }) => {
    const { rows, total } = await listUsers(deps, auth, query);
    // The number of matches over all pages, for paging clients.
    header('x-total-count', String(total));
    const withPasskeys = await usersWithPasskeys(
      deps.db,
      rows.map((u) => u.id),
    );
    return rows.map((u) => presentUser(u, undefined, withPasskeys.has(u.id)));
  });
  route(app, e.create, async ({ auth, body }) => ({ id: await createUser(deps, auth, body) }));
  route(app, e.groups, async ({ auth, params }) =>
    (await listUserGroups(deps, auth, params.id)).map((g) => presentGroup(g)),
  );
  route(app, e.byEmail, async ({ auth, params }) => {
    const found = await lookUpUserByEmail(deps, auth, params.email);
    return presentLookedUpUser(found, (await countPasskeys(deps.db, found.user.id)) > 0);
  });
  route(app, e.get, async ({ auth, params }) => {
    const user = await getUser(deps, auth, params.id);
    return presentUser(user, undefined, (await countPasskeys(deps.db, user.id)) > 0);
  });
  route(app, e.update, ({ auth, params, body }) => updateUserAccount(deps, auth, { id: params.id, user: body }));
  route(app, e.delete, ({ auth, params }) => deleteUserAccount(deps, auth, params.id));
  route(app, e.setPassword, ({ auth, params, body }) =>
    setPassword(deps, auth, { id: params.id, password: body.password }),
  );
  route(app, e.sendInvitation, ({ auth, params }) => resendInvitation(deps, auth, params.id));
}
