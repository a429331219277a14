import { api, isServiceAccount, Role } from '@perch/contract';
import { requireOrgRole, requireRole } from '../../access.js';
import type { App } from '../../app-context.js';
import type { AuthContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../../http/errors.js';
import { isUuid, pathId } from '../../http/ids.js';
import { route } from '../../http/route.js';
import { getBooking } from '../bookings/lists.js';
import { findOrganization } from '../organizations/repo.js';
import { getSeries } from '../recurring/series.js';
import { mayManageUser, outsideReach } from '../users/policy.js';
import { findUser } from '../users/repo.js';
import { clearApiToken, clearTotpSecret } from './repo.js';

/**
 * Routes of features this version does not have yet (sign-in providers, passkeys, TOTP and
 * API tokens: company sign-in; iCal and CalDAV: calendars; account merge: the embedded wiki
 * mode) or does not plan (kiosk displays, the hosted service's
 * feedback and sign-up). Each answers as the reference does when the feature is off or has
 * nothing to show, after the checks the reference makes first (sign-in, body, role): an empty
 * list, a 204 for removing what is not there, or the reference's own refusal. None answers a
 * 2xx for something that did not happen. Clients such as the Seatsurfing web UI, which turns
 * Fastify's "no route" 404 into a blocking dialog, get an answer they know.
 */

const PROVIDERS = 'Sign-in providers are not available in this version';
const PASSKEYS = 'Passkeys are not available in this version';
const TOTP = 'Two-factor codes (TOTP) are not available in this version';
const API_TOKENS = 'API tokens are not available in this version';
const ICAL = 'Calendar files (iCal) are not available in this version';
const CALDAV = 'Calendar connections are not available in this version';
const MERGE = 'Account merge is not available in this version';
const KIOSK = 'Kiosk mode is not available in this version';
const FEEDBACK = 'Feedback is not available in this version';
const CLOUD = 'Cloud features are not available in this version';

/** A handler that refuses with a fresh error, whatever the (already validated) input. */
const refuse = (error: () => HttpError) => async (): Promise<never> => {
  throw error();
};

/**
 * A user whose second factors or API token an org admin manages: same organisation (super
 * admins reach every one), else 404; an org admin acting on a role within reach, else 403.
 */
async function managedUser(app: App, auth: AuthContext, rawId: string): Promise<UserRow> {
  const user = await findUser(app.deps.db, pathId(rawId, 'Unknown user'));
  if (!user || outsideReach(auth, user)) throw notFound('Unknown user');
  requireOrgRole(auth, user.organization_id, Role.OrgAdmin);
  if (!mayManageUser(auth, user)) throw forbidden('You cannot manage a user with a higher role');
  return user;
}

/** A service account's token is managed by org admins (403 first, as the reference checks). */
async function serviceAccount(app: App, auth: AuthContext, rawId: string): Promise<UserRow> {
  requireRole(auth, Role.OrgAdmin);
  const user = await managedUser(app, auth, rawId);
  if (!isServiceAccount(user.role)) throw badRequest('Only service accounts have API tokens');
  return user;
}

export async function unavailableRoutes(app: App): Promise<void> {
  const { deps } = app;

  // Sign-in: password reset and invitations (arrives with mail), provider sign-in (arrives with company sign-in).
  const auth = api.auth;
  route(
    app,
    auth.providerLogin,
    refuse(() => notFound(PROVIDERS)),
  );
  route(
    app,
    auth.verify,
    refuse(() => notFound(`${PROVIDERS}: there is no such sign-in ticket`)),
  );

  // Account merge (arrives with the embedded wiki mode).
  route(
    app,
    api.user.mergeInit,
    refuse(() => notFound(MERGE)),
  );
  route(
    app,
    api.user.mergeFinish,
    refuse(() => notFound(`${MERGE}: there is no such merge request`)),
  );

  // Calendars (arrives with calendars): the same access checks as reading the booking or series first.
  route(
    app,
    api.preference.caldavCalendars,
    refuse(() => notFound(CALDAV)),
  );
  route(app, api.booking.ical, async ({ auth, params }) => {
    await getBooking(deps, auth, params.id);
    throw notFound(ICAL);
  });
  route(app, api.recurringBooking.ical, async ({ auth, params }) => {
    await getSeries(deps, auth, params.id);
    throw notFound(ICAL);
  });

  // Sign-in providers (arrives with company sign-in): there are none.
  const p = api.authProvider;
  route(app, p.list, async ({ auth }) => {
    requireRole(auth, Role.OrgAdmin);
    return [];
  });
  route(app, p.create, async ({ auth }) => {
    requireRole(auth, Role.OrgAdmin);
    // The reference's answer while its `feature_auth_providers` is off.
    throw new HttpError(402, PROVIDERS);
  });
  route(app, p.byOrganization, async ({ params }) => {
    if (!isUuid(params.orgId) || !(await findOrganization(deps.db, params.orgId.toLowerCase())))
      throw notFound('Unknown organisation');
    return [];
  });
  route(
    app,
    p.get,
    refuse(() => notFound(PROVIDERS)),
  );
  route(
    app,
    p.update,
    refuse(() => notFound(PROVIDERS)),
  );
  route(
    app,
    p.delete,
    refuse(() => notFound(PROVIDERS)),
  );

  // Passkeys (arrives with company sign-in): nobody has one.
  const k = api.passkey;
  route(app, k.list, async () => []);
  route(
    app,
    k.registrationBegin,
    refuse(() => forbidden(PASSKEYS)),
  );
  route(
    app,
    k.registrationFinish,
    refuse(() => notFound(`${PASSKEYS}: no registration was started`)),
  );
  route(
    app,
    k.rename,
    refuse(() => notFound(PASSKEYS)),
  );
  route(
    app,
    k.delete,
    refuse(() => notFound(PASSKEYS)),
  );
  route(app, k.resetForUser, async ({ auth, params }) => {
    await managedUser(app, auth, params.id);
  });
  route(
    app,
    k.loginBegin,
    refuse(() => notFound(PASSKEYS)),
  );
  route(
    app,
    k.loginFinish,
    refuse(() => notFound(`${PASSKEYS}: no sign-in was started`)),
  );

  // TOTP (arrives with company sign-in): nobody has it on.
  const t = api.totp;
  route(
    app,
    t.generate,
    refuse(() => notFound(TOTP)),
  );
  route(
    app,
    t.secret,
    refuse(() => notFound(`${TOTP}: no setup was started`)),
  );
  route(
    app,
    t.validate,
    refuse(() => notFound(`${TOTP}: no setup was started`)),
  );
  // `enforce_totp` accepts only 0 until two-factor sign-in exists, so nothing forbids this.
  route(app, t.disable, async ({ auth }) => {
    await clearTotpSecret(deps.db, auth.userId);
  });
  route(app, t.resetForUser, async ({ auth, params }) => {
    const user = await managedUser(app, auth, params.id);
    await clearTotpSecret(deps.db, user.id);
  });

  // API tokens of service accounts (arrives with company sign-in): none can be made.
  const a = api.apiToken;
  route(app, a.get, async ({ auth, params }) => {
    const user = await serviceAccount(app, auth, params.id);
    return { configured: user.api_token_hash !== null };
  });
  route(app, a.create, async ({ auth, params }) => {
    await serviceAccount(app, auth, params.id);
    throw notFound(API_TOKENS);
  });
  route(app, a.delete, async ({ auth, params }) => {
    const user = await serviceAccount(app, auth, params.id);
    await clearApiToken(deps.db, user.id);
  });

  // Not planned: kiosk displays, the hosted service's feedback and sign-up.
  // A kiosk sends its secret as the bearer token: without one, 401 before anything else.
  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.config?.endpoint !== api.kiosk.status) return;
    const header = req.headers.authorization ?? '';
    if (!/^Bearer\s+\S/.test(header)) throw unauthorized('A kiosk secret is required as the bearer token');
  });
  route(
    app,
    api.kiosk.status,
    refuse(() => notFound(KIOSK)),
  );
  route(
    app,
    api.feedback.send,
    refuse(() => notFound(FEEDBACK)),
  );
  route(
    app,
    api.cloud.confirmSignup,
    refuse(() => notFound(CLOUD)),
  );
}
