import { api } from '@perch/contract';
import type { App } from '../../app-context.js';
import { RateLimiter } from '../../http/rate-limit.js';
import { route } from '../../http/route.js';
import { passwordLogin, updatePasswordAndLogin } from './login.js';
import {
  acceptInvitation,
  checkInvitation,
  invitationLink,
  passwordResetLink,
  requestPasswordReset,
  resetPassword,
} from './password-links.js';
import { preflightForDomain, preflightForEmail, preflightForSingleOrganization } from './preflight.js';
import { presentPreflight } from './presenter.js';
import { presentCredentials } from '../sessions/index.js';
import { refreshSession } from '../sessions/index.js';
import { signOut } from '../sessions/index.js';

/** Password reset requests one client address may make per window. */
export const PASSWORD_RESET_REQUESTS = 10;
export const PASSWORD_RESET_WINDOW_SECONDS = 15 * 60;

export async function authRoutes(app: App): Promise<void> {
  const { deps } = app;
  const e = api.auth;

  route(app, e.preflight, async ({ body }) => presentPreflight(await preflightForEmail(deps, body.email)));
  route(app, e.singleOrg, async () => presentPreflight(await preflightForSingleOrganization(deps)));
  route(app, e.orgByDomain, async ({ params }) => presentPreflight(await preflightForDomain(deps, params.domain)));
  route(app, e.login, async ({ body, request }) =>
    presentCredentials(
      await passwordLogin(deps, { ...body, ip: request.ip, userAgent: request.userAgent, host: request }),
    ),
  );
  route(app, e.updatePassword, async ({ body, request }) =>
    presentCredentials(
      await updatePasswordAndLogin(deps, { ...body, ip: request.ip, userAgent: request.userAgent, host: request }),
    ),
  );
  route(app, e.refresh, async ({ body }) => presentCredentials(await refreshSession(deps, body.refreshToken)));
  route(app, e.logout, ({ auth, params }) => signOut(deps, auth, params.where));

  // Password reset and invitation links. Each client address may ask for reset mails
  // PASSWORD_RESET_REQUESTS times per window, shared by every server process.
  const resetLimiter = new RateLimiter(deps.prepared, PASSWORD_RESET_REQUESTS, PASSWORD_RESET_WINDOW_SECONDS);
  route(app, e.initPasswordReset, ({ body, request }) =>
    requestPasswordReset(deps, { ...body, ip: request.ip, limiter: resetLimiter }),
  );
  route(app, e.passwordResetLink, ({ params }) => passwordResetLink(deps, params.id));
  route(app, e.resetPassword, ({ params, body }) => resetPassword(deps, { id: params.id, password: body.password }));
  route(app, e.checkInvitation, ({ params }) => checkInvitation(deps, params.id));
  route(app, e.invitationLink, ({ params }) => invitationLink(deps, params.id));
  route(app, e.acceptInvitation, ({ params, body }) =>
    acceptInvitation(deps, { id: params.id, password: body.password }),
  );
}
