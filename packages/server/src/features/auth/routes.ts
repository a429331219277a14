import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { route } from '../../http/route.js';
import { passwordLogin, updatePasswordAndLogin } from './login.js';
import { preflightForDomain, preflightForEmail, preflightForSingleOrganization } from './preflight.js';
import { presentCredentials, presentPreflight } from './presenter.js';
import { refreshSession } from './sessions.js';
import { signOut } from './sign-out.js';

export async function authRoutes(app: App): Promise<void> {
  const { deps } = app;
  const e = api.auth;

  route(app, e.preflight, async ({ body }) => presentPreflight(await preflightForEmail(deps, body.email)));
  route(app, e.singleOrg, async () => presentPreflight(await preflightForSingleOrganization(deps)));
  route(app, e.orgByDomain, async ({ params }) => presentPreflight(await preflightForDomain(deps, params.domain)));
  route(app, e.login, async ({ body, request }) =>
    presentCredentials(await passwordLogin(deps, { ...body, ip: request.ip, userAgent: request.userAgent })),
  );
  route(app, e.updatePassword, async ({ body, request }) =>
    presentCredentials(await updatePasswordAndLogin(deps, { ...body, ip: request.ip, userAgent: request.userAgent })),
  );
  route(app, e.refresh, async ({ body }) => presentCredentials(await refreshSession(deps, body.refreshToken)));
  route(app, e.logout, ({ auth, params }) => signOut(deps, auth, params.where));
}
