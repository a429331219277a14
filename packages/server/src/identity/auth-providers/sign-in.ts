import {
  AuthProviderType,
  isSafeRedirectPath,
  isServiceAccount,
  LOGOUT_REDIRECT_PLACEHOLDER,
  type AuthErrorCode,
  type ProviderFailureReason,
  type ProviderLoginType,
  type ProviderTestResult,
} from '@perch/contract';
import type { AppDeps, AuthContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../http/db-errors.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import type { RequestInfo } from '../../http/route.js';
import { publicUrl } from '../../lib/public-url.js';
import { recordAuthAttempt } from '../auth-attempts/index.js';
import { hasPassword, roleRefusal } from '../auth/index.js';
import { createLink, deleteLink, findLink, LinkType, updateLinkPayload } from '../one-time-links/index.js';
import { insertDefaultPreferences } from '../preferences/index.js';
import { settingEnabled } from '../../organization/settings/index.js';
import { findUserByEmail, insertUser, updateUser } from '../accounts/index.js';
import { ProviderSignInError, type ProviderIdentity } from './identity.js';
import { newOAuthChecks, oauthAuthorizationUrl, oauthIdentity, type OAuthChecks } from './oauth.js';
import { publicProvider } from './public.js';
import type { AuthProviderRow } from './repo.js';
import { samlAuthorizationUrl, samlIdentity } from './saml.js';

/**
 * Signing in through a provider: the attempt's state goes out with the
 * browser, the provider sends it back, Perch maps the person to an account (creating it when
 * the organisation allows any user) and hands the web app a short-lived ticket, which
 * `GET /auth/verify/:id` turns into a session. Every step is stored in the database, so any
 * server process can take any step.
 */

/** What an attempt remembers between leaving for the provider and coming back. */
interface AttemptState {
  type: ProviderLoginType;
  /** The web app's path to open afterwards ('' for the default). */
  redirect: string;
  /** Set when the signed-in owner of this account links it to the provider (`POST /auth-provider/:id/link`). */
  linkUserId?: string;
  oauth?: OAuthChecks;
  samlRequestId?: string;
  /** When the SAML request was sent (ISO time). */
  samlRequestAt?: string;
}

/** What a ticket names: the account (by email, as the reference) and how the sign-in started. */
interface TicketState {
  userId: string;
  type: ProviderLoginType;
}

/** Only a path of this site is a place to go back to: `/search`, never `//host`, `/\t/host` or `https:`. */
const safeRedirect = (redir: string | undefined): string => (isSafeRedirectPath(redir) ? redir : '');

export function failedUrl(deps: AppDeps, reason: ProviderFailureReason, error = '', description = ''): string {
  const q = new URLSearchParams({ reason });
  if (error) q.set('error', error.slice(0, 256));
  if (description) q.set('error_description', description.slice(0, 512));
  return publicUrl(deps.config, `/ui/login/failed/?${q}`);
}

const methodOf = (p: AuthProviderRow) => (p.provider_type === AuthProviderType.Saml ? 'saml' : 'oauth');

async function recordFailure(
  deps: AppDeps,
  p: AuthProviderRow,
  request: RequestInfo,
  code: AuthErrorCode,
  detail: string,
  user?: { email: string; id: string | null },
): Promise<void> {
  await recordAuthAttempt(deps, {
    successful: false,
    errorCode: code,
    errorDetail: detail,
    organizationId: p.organization_id,
    method: methodOf(p),
    email: user?.email ?? '',
    userId: user?.id ?? null,
    authProviderId: p.id,
    clientAddress: request.ip,
    userAgent: request.userAgent,
  });
}

/** Stores the attempt's state and answers the provider's sign-in page for it; throws when the provider is unusable. */
async function providerRedirect(deps: AppDeps, p: AuthProviderRow, state: AttemptState): Promise<string> {
  if (p.provider_type === AuthProviderType.Saml) {
    const stateId = await createLink(deps.db, LinkType.ProviderRequest, p.id, state);
    const { url, requestId } = await samlAuthorizationUrl(deps, p, stateId);
    await updateLinkPayload(deps.db, stateId, {
      ...state,
      samlRequestId: requestId,
      samlRequestAt: new Date().toISOString(),
    } satisfies AttemptState);
    return url;
  }
  const checks = newOAuthChecks(p);
  const stateId = await createLink(deps.db, LinkType.ProviderRequest, p.id, { ...state, oauth: checks });
  return oauthAuthorizationUrl(deps, p, stateId, checks);
}

/** `GET /auth/:providerId/login/:type/`: where the browser goes to sign in at the provider. */
export async function startProviderSignIn(
  deps: AppDeps,
  input: { providerId: string; type: ProviderLoginType; redir?: string; request: RequestInfo },
): Promise<string> {
  const p = await publicProvider(deps, input.providerId);
  try {
    return await providerRedirect(deps, p, { type: input.type, redirect: safeRedirect(input.redir) });
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    await recordFailure(deps, p, input.request, 'idp_config_invalid', detail);
    return failedUrl(deps, 'config');
  }
}

/** Where the preferences show the outcome of linking (the security tab). */
const LINKED_PATH = '/preferences?tab=security';

/**
 * `POST /auth-provider/:id/link`: the signed-in owner of an account starts linking it to a provider
 * of their organisation. Answers the provider's sign-in page; the account is linked when the person
 * comes back signed in there with the account's email (`linkAccount`).
 */
export async function startProviderLink(deps: AppDeps, auth: AuthContext, providerId: string): Promise<string> {
  const p = await publicProvider(deps, providerId);
  if (p.organization_id !== auth.orgId) throw notFound('Unknown sign-in provider');
  const user = auth.user;
  if (isServiceAccount(user.role)) throw forbidden('Service accounts cannot sign in through a provider');
  const role = roleRefusal(user, p.configured_by_role);
  if (role) throw forbidden(role.detail);
  if (user.auth_provider_id === p.id) throw badRequest('The account is linked to this provider already');
  if (user.auth_provider_id !== null) throw badRequest('The account signs in through another provider');
  try {
    return await providerRedirect(deps, p, { type: 'ui', redirect: LINKED_PATH, linkUserId: auth.userId });
  } catch (e) {
    throw badRequest(`The sign-in provider cannot be used: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The provider signed the person in for a link: the account is linked when its email is the one the provider names. */
async function linkAccount(
  deps: AppDeps,
  p: AuthProviderRow,
  attempt: AttemptState,
  who: ProviderIdentity,
  request: RequestInfo,
): Promise<string> {
  const user = await deps.db.selectFrom('users').selectAll().where('id', '=', attempt.linkUserId!).executeTakeFirst();
  const account = user && user.organization_id === p.organization_id ? user : undefined;
  const refusal = account
    ? accountRefusal(p, { ...account, password_hash: null })
    : { code: 'user_not_found' as const, detail: 'The account to link no longer exists', userId: null };
  if (refusal) {
    await recordFailure(deps, p, request, refusal.code, refusal.detail, { email: who.email, id: refusal.userId });
    return failedUrl(deps, 'login');
  }
  if (who.email !== account!.email.toLowerCase()) {
    const detail = `The provider signed in ${who.email}, not ${account!.email}`;
    await recordFailure(deps, p, request, 'idp_link_email_mismatch', detail, { email: who.email, id: account!.id });
    return failedUrl(deps, 'link', 'email_mismatch', detail);
  }
  await deps.db
    .updateTable('users')
    .set({ auth_provider_id: p.id })
    .where('id', '=', account!.id)
    .where('auth_provider_id', 'is', null)
    .execute();
  return publicUrl(deps.config, `/ui${LINKED_PATH}&linked=${encodeURIComponent(p.id)}`);
}

/** Takes the attempt's state: once only (a replay finds nothing), and only for this provider. */
async function takeAttempt(deps: AppDeps, p: AuthProviderRow, stateId: string | undefined) {
  if (!stateId) return undefined;
  return inTransaction(deps, async (tx) => {
    const link = await findLink<AttemptState>(tx.db, LinkType.ProviderRequest, stateId, { forUpdate: true });
    if (!link || link.refId !== p.id) return undefined;
    await deleteLink(tx.db, link.id);
    return link;
  });
}

/** `GET /auth/:providerId/callback`: an OAuth provider sends the browser back. */
export async function finishOAuthSignIn(
  deps: AppDeps,
  input: { providerId: string; query: Record<string, unknown>; request: RequestInfo },
): Promise<string> {
  const p = await publicProvider(deps, input.providerId, 'oauth');
  const query = Object.fromEntries(
    Object.entries(input.query).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const attempt = await takeAttempt(deps, p, query.state);
  if (!attempt?.payload.oauth) {
    await recordFailure(deps, p, input.request, 'idp_state_invalid', 'Unknown, expired or already used sign-in state');
    return failedUrl(deps, 'expired');
  }
  const { error, error_description: description = '' } = query;
  return finish(deps, p, attempt.payload, input.request, async () => {
    // The provider refused (the person cancelled, or the client is not allowed): say what it said.
    if (error)
      throw new ProviderSignInError(
        'userinfo',
        'idp_code_exchange_failed',
        `The provider answered ${error}: ${description}`,
        error,
        description,
      );
    return oauthIdentity(deps, p, query, attempt.id, attempt.payload.oauth!);
  });
}

/** `POST /auth/:providerId/callback`: a SAML identity provider posts its response. */
export async function finishSamlSignIn(
  deps: AppDeps,
  input: { providerId: string; samlResponse: string; relayState?: string; request: RequestInfo },
): Promise<string> {
  const p = await publicProvider(deps, input.providerId, 'saml');
  const attempt = await takeAttempt(deps, p, input.relayState);
  const { samlRequestId, samlRequestAt } = attempt?.payload ?? {};
  if (!attempt || !samlRequestId || !samlRequestAt) {
    await recordFailure(deps, p, input.request, 'idp_state_invalid', 'Unknown, expired or already used sign-in state');
    return failedUrl(deps, 'expired');
  }
  return finish(deps, p, attempt.payload, input.request, () =>
    samlIdentity(deps, p, input.samlResponse, { id: samlRequestId, at: new Date(samlRequestAt) }),
  );
}

/** Reads who signed in, then tests the provider or signs the person in. */
async function finish(
  deps: AppDeps,
  p: AuthProviderRow,
  attempt: AttemptState,
  request: RequestInfo,
  identify: () => Promise<ProviderIdentity>,
): Promise<string> {
  let identity: ProviderIdentity;
  try {
    identity = await identify();
  } catch (e) {
    if (!(e instanceof ProviderSignInError)) throw e;
    if (attempt.type === 'test') return testResultUrl(deps, p, failedTest(e));
    await recordFailure(deps, p, request, e.code, e.message);
    return failedUrl(deps, e.reason, e.providerError, e.providerErrorDescription);
  }
  if (attempt.type === 'test') return testResultUrl(deps, p, await passedTest(deps, p, identity));
  if (attempt.linkUserId) return linkAccount(deps, p, attempt, identity, request);
  const refusal = await admit(deps, p, identity);
  if (refusal) {
    await recordFailure(deps, p, request, refusal.code, refusal.detail, { email: identity.email, id: refusal.userId });
    return refusal.code === 'idp_link_required'
      ? failedUrl(deps, 'link', 'link_required', refusal.detail)
      : failedUrl(deps, 'login');
  }
  const ticket = await createLink(deps.db, LinkType.ProviderTicket, p.id, {
    userId: identity.email,
    type: attempt.type,
  } satisfies TicketState);
  const redir = attempt.redirect ? `?redir=${encodeURIComponent(attempt.redirect)}` : '';
  return publicUrl(deps.config, `/ui/login/success/${ticket}/${redir}`);
}

interface Refusal {
  code: AuthErrorCode;
  detail: string;
  userId: string | null;
}

/**
 * Why an existing account cannot sign in through this provider, or null when it can. An account
 * with a password that is not linked yet is linked only by its owner or an administrator.
 */
export function accountRefusal(p: AuthProviderRow, user: UserRow): Refusal | null {
  const refuse = (code: AuthErrorCode, detail: string) => ({ code, detail, userId: user.id });
  if (user.auth_provider_id !== null && user.auth_provider_id !== p.id)
    return refuse('idp_provider_mismatch', 'The account signs in through another provider');
  if (user.disabled) return refuse('user_disabled', 'The account is disabled');
  if (isServiceAccount(user.role)) return refuse('service_account', 'Service accounts cannot sign in interactively');
  const role = roleRefusal(user, p.configured_by_role);
  if (role) return refuse(role.code, role.detail);
  if (user.auth_provider_id === null && hasPassword(user))
    return refuse(
      'idp_link_required',
      'The account has a password: its owner links it to this provider after signing in, or an administrator does',
    );
  return null;
}

/**
 * Lets the person in: an existing account is bound to the provider (if it was not bound) and
 * takes the names the provider sent; an unknown person gets an account when the organisation
 * allows any user. Returns why not otherwise.
 */
async function admit(deps: AppDeps, p: AuthProviderRow, who: ProviderIdentity): Promise<Refusal | null> {
  const orgId = p.organization_id;
  const names = {
    ...(who.firstname ? { firstname: who.firstname } : {}),
    ...(who.lastname ? { lastname: who.lastname } : {}),
  };
  const user = await findUserByEmail(deps.db, orgId, who.email);
  if (user) {
    const refusal = accountRefusal(p, user);
    if (refusal) return refusal;
    await updateUser(deps.db, user.id, { ...names, auth_provider_id: p.id });
    return null;
  }
  if (!(await settingEnabled(deps.db, orgId, 'allow_any_user')))
    return {
      code: 'user_not_found',
      detail: 'No account has this email and accounts are not created on sign-in',
      userId: null,
    };
  try {
    await inTransaction(deps, async (tx) => {
      const created = await insertUser(tx.db, {
        organization_id: orgId,
        email: who.email,
        role: 0,
        auth_provider_id: p.id,
        ...names,
      });
      const mail = await settingEnabled(tx.db, orgId, 'new_user_default_mail_notification');
      await insertDefaultPreferences(tx.db, created.id, mail);
    });
  } catch (e) {
    // Two first sign-ins of one person at once: the other created the account.
    if (!isUniqueViolation(e)) throw e;
    const raced = await findUserByEmail(deps.db, orgId, who.email);
    if (!raced) return { code: 'user_create_failed', detail: 'The account could not be created', userId: null };
    return accountRefusal(p, raced);
  }
  return null;
}

// Tests by org admins: what the provider sent, and whether that person could sign in.

async function passedTest(deps: AppDeps, p: AuthProviderRow, who: ProviderIdentity): Promise<ProviderTestResult> {
  const user = await findUserByEmail(deps.db, p.organization_id, who.email);
  const refusal = user ? accountRefusal(p, user) : null;
  const wouldSignIn = user ? refusal === null : await settingEnabled(deps.db, p.organization_id, 'allow_any_user');
  return {
    successful: true,
    reason: '',
    error: refusal?.detail ?? (wouldSignIn ? '' : 'No account has this email and accounts are not created on sign-in'),
    errorDescription: '',
    email: who.email,
    firstname: who.firstname,
    lastname: who.lastname,
    attributes: who.attributes,
    wouldSignIn,
  };
}

const failedTest = (e: ProviderSignInError): ProviderTestResult => ({
  successful: false,
  reason: e.reason,
  error: e.providerError || e.message,
  errorDescription: e.providerErrorDescription,
  email: '',
  firstname: '',
  lastname: '',
  attributes: {},
  wouldSignIn: false,
});

async function testResultUrl(deps: AppDeps, p: AuthProviderRow, result: ProviderTestResult): Promise<string> {
  const id = await createLink(deps.db, LinkType.ProviderTestResult, p.id, result);
  return publicUrl(deps.config, `/ui/admin/auth-providers/${p.id}/test/${id}/`);
}

/** A provider's logout URL with the address the provider should send people back to. */
export const logoutUrlOf = (deps: AppDeps, p: AuthProviderRow): string =>
  p.logout_url.replaceAll(
    LOGOUT_REDIRECT_PLACEHOLDER,
    encodeURIComponent(publicUrl(deps.config, '/ui/login/?noredirect=1')),
  );

export type { TicketState };
