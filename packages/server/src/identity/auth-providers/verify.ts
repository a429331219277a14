import {
  AuthProviderType,
  isServiceAccount,
  type AuthMethod,
  type Credentials,
  type ProviderTestResult,
} from '@perch/contract';
import { sql } from 'kysely';
import type { AppDeps, AuthContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, forbidden, HttpError, notFound, tooManyRequests } from '../../http/errors.js';
import type { RequestInfo } from '../../http/route.js';
import { recordAuthAttempt, type AuthAttemptOutcome } from '../auth-attempts/index.js';
import { roleRefusal, wikiAccountRefusal } from '../auth/index.js';
import { openSession } from '../sessions/index.js';
import { blockedFor, recordFailure, recordSuccess, throttleKeys } from '../sign-in-throttle/index.js';
import { findLink, LinkType } from '../one-time-links/index.js';
import { findOrganization } from '../../organization/organizations/index.js';
import { checkSecondFactor, type SecondFactorInput } from '../second-factors/index.js';
import { findUserByEmail } from '../accounts/index.js';
import { findAuthProvider } from './repo.js';
import { providerFor } from './service.js';
import { logoutUrlOf, type TicketState } from './sign-in.js';

/** How long a redeemed ticket still works, so that a repeated request (a reload) succeeds too. */
const TICKET_GRACE_SECONDS = 30;

const unknownTicket = () => notFound('Unknown or expired sign-in ticket');

/**
 * The account a provider's ticket names, checked again (it may have been disabled, moved to
 * another provider or given a higher role since), with the provider; throws otherwise.
 */
async function providerTicketAccount(deps: AppDeps, ticketId: string, forUpdate: boolean) {
  const ticket = await findLink<TicketState>(deps.db, LinkType.ProviderTicket, ticketId, { forUpdate });
  if (!ticket || typeof ticket.payload.userId !== 'string') throw unknownTicket();
  const provider = await findAuthProvider(deps.db, ticket.refId);
  if (!provider) throw unknownTicket();
  const user = await findUserByEmail(deps.db, provider.organization_id, ticket.payload.userId);
  if (!user || user.disabled || isServiceAccount(user.role)) throw unknownTicket();
  if (user.organization_id !== provider.organization_id)
    throw badRequest("The account does not belong to the provider's organisation");
  if (user.auth_provider_id !== provider.id) throw forbidden('The account signs in through another provider');
  const role = roleRefusal(user, provider.configured_by_role);
  if (role) throw forbidden(role.detail);
  return { ticket, provider, user };
}

/** The account a wiki ticket names, checked again; null when the id is no wiki ticket. */
async function wikiTicketAccount(deps: AppDeps, ticketId: string, forUpdate: boolean) {
  const ticket = await findLink<{ userId?: unknown }>(deps.db, LinkType.WikiTicket, ticketId, { forUpdate });
  if (!ticket) return null;
  const userId = typeof ticket.payload.userId === 'string' ? ticket.payload.userId : '';
  const user = await deps.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user || user.disabled || isServiceAccount(user.role) || user.organization_id !== ticket.refId)
    throw unknownTicket();
  const org = await findOrganization(deps.db, user.organization_id);
  const refusal = org ? wikiAccountRefusal(user, org.wiki_configured_by_role) : null;
  if (!org || refusal) throw forbidden(refusal?.detail);
  return { ticket, user };
}

/**
 * The account's own second factor after a provider or the wiki vouched for the person, unless the
 * provider checks two factors itself: the same step as after a password (a 401 asks for it), with
 * the same sign-in log, throttle and factor locks.
 */
async function secondFactorAfter(
  deps: AppDeps,
  user: UserRow,
  method: AuthMethod,
  factor: SecondFactorInput,
  request: RequestInfo,
  authProviderId?: string,
): Promise<void> {
  const keys = throttleKeys(user.organization_id, user.email, request.ip);
  const report = (outcome: AuthAttemptOutcome) =>
    recordAuthAttempt(deps, {
      ...outcome,
      organizationId: user.organization_id,
      method,
      email: user.email,
      userId: user.id,
      ...(authProviderId ? { authProviderId } : {}),
      clientAddress: request.ip,
      userAgent: request.userAgent,
    });
  const wait = await blockedFor(deps, keys);
  if (wait > 0) {
    await report({ successful: false, errorCode: 'throttled', errorDetail: `Blocked for ${wait} more seconds` });
    throw tooManyRequests(wait, 'Too many failed sign-in attempts; try again later');
  }
  try {
    await checkSecondFactor(
      deps,
      user,
      { ...factor, host: request },
      {
        report: (_how, outcome) => report(outcome),
        failed: () => recordFailure(deps, keys),
      },
    );
  } catch (e) {
    // Asked for, not given: the log says why this sign-in stopped here.
    if (e instanceof HttpError && e.statusCode === 401)
      await report({
        successful: false,
        errorCode: 'second_factor_required',
        errorDetail: 'The account has a second factor, asked for after the sign-in',
      });
    throw e;
  }
  await recordSuccess(deps, keys);
}

/**
 * `GET /auth/verify/:id` and `POST /auth/verify/:id` (with a second factor): a provider's or the
 * wiki's ticket becomes a session. The account is checked again, and one with a second factor
 * gives it here (401 asks, as a password sign-in does), unless the provider checks two factors
 * itself. After the first use the ticket lives 30 seconds more, then it is gone.
 */
export async function redeemTicket(
  deps: AppDeps,
  ticketId: string,
  request: RequestInfo,
  factor: SecondFactorInput = {},
): Promise<Credentials> {
  const wiki = await wikiTicketAccount(deps, ticketId, false);
  if (wiki) {
    await secondFactorAfter(deps, wiki.user, 'confluence', factor, request);
    return redeemWikiTicket(deps, ticketId, request);
  }
  const found = await providerTicketAccount(deps, ticketId, false);
  const method = found.provider.provider_type === AuthProviderType.Saml ? 'saml' : 'oauth';
  if (!found.provider.checks_second_factor)
    await secondFactorAfter(deps, found.user, method, factor, request, found.provider.id);
  const { credentials, provider, user } = await inTransaction(deps, async (tx) => {
    const { ticket, provider, user } = await providerTicketAccount(tx, ticketId, true);
    await endAfterGrace(tx, ticket.id);
    return { credentials: await openSession(tx, user, request.userAgent), provider, user };
  });
  await recordAuthAttempt(deps, {
    successful: true,
    organizationId: provider.organization_id,
    method,
    email: user.email,
    userId: user.id,
    authProviderId: provider.id,
    clientAddress: request.ip,
    userAgent: request.userAgent,
  });
  return { ...credentials, logoutUrl: logoutUrlOf(deps, provider), profilePageUrl: provider.profile_page_url };
}

/** A redeemed ticket lives TICKET_GRACE_SECONDS more (a reload works), then it is gone. */
async function endAfterGrace(tx: AppDeps, ticketId: string): Promise<void> {
  await tx.db
    .updateTable('auth_states')
    .set({ expires_at: sql<Date>`least(expires_at, now() + make_interval(secs => ${TICKET_GRACE_SECONDS}))` })
    .where('id', '=', ticketId)
    .execute();
}

/** A ticket of a sign-in from the team wiki (identity/wiki-sign-in/), its account checked again. */
async function redeemWikiTicket(deps: AppDeps, ticketId: string, request: RequestInfo): Promise<Credentials> {
  const redeemed = await inTransaction(deps, async (tx) => {
    const found = await wikiTicketAccount(tx, ticketId, true);
    if (!found) throw unknownTicket();
    await endAfterGrace(tx, found.ticket.id);
    return { credentials: await openSession(tx, found.user, request.userAgent), user: found.user };
  });
  await recordAuthAttempt(deps, {
    successful: true,
    organizationId: redeemed.user.organization_id,
    method: 'confluence',
    email: redeemed.user.email,
    userId: redeemed.user.id,
    clientAddress: request.ip,
    userAgent: request.userAgent,
  });
  return { ...redeemed.credentials, logoutUrl: '', profilePageUrl: '' };
}

/** `GET /auth-provider/:id/test/:stateId`: what an org admin's test sign-in brought back. */
export async function providerTestResult(
  deps: AppDeps,
  auth: AuthContext,
  providerId: string,
  stateId: string,
): Promise<ProviderTestResult> {
  const provider = await providerFor(deps, auth, providerId);
  const result = await findLink<ProviderTestResult>(deps.db, LinkType.ProviderTestResult, stateId);
  if (!result || result.refId !== provider.id) throw notFound('Unknown or expired test result');
  return result.payload;
}
