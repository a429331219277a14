import { AuthProviderType, isServiceAccount, type Credentials, type ProviderTestResult } from '@perch/contract';
import { sql } from 'kysely';
import type { AppDeps, AuthContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import type { RequestInfo } from '../../http/route.js';
import { recordAuthAttempt } from '../auth-attempts/service.js';
import { findLink, LinkType } from '../auth/one-time-links.js';
import { openSession } from '../auth/sessions.js';
import { findUserByEmail } from '../users/repo.js';
import { findAuthProvider } from './repo.js';
import { providerFor } from './service.js';
import { logoutUrlOf, type TicketState } from './sign-in.js';

/** How long a redeemed ticket still works, so that a repeated request (a reload) succeeds too. */
const TICKET_GRACE_SECONDS = 30;

const unknownTicket = () => notFound('Unknown or expired sign-in ticket');

/**
 * `GET /auth/verify/:id`: a provider sign-in's ticket becomes a session. The account is checked
 * again (it may have been disabled or moved to another provider since). After the first use the
 * ticket lives 30 seconds more, then it is gone.
 */
export async function redeemTicket(deps: AppDeps, ticketId: string, request: RequestInfo): Promise<Credentials> {
  const wiki = await redeemWikiTicket(deps, ticketId, request);
  if (wiki) return wiki;
  const { credentials, provider, user } = await inTransaction(deps, async (tx) => {
    const ticket = await findLink<TicketState>(tx.db, LinkType.ProviderTicket, ticketId, { forUpdate: true });
    if (!ticket || typeof ticket.payload.userId !== 'string') throw unknownTicket();
    const provider = await findAuthProvider(tx.db, ticket.refId);
    if (!provider) throw unknownTicket();
    const user = await findUserByEmail(tx.db, provider.organization_id, ticket.payload.userId);
    if (!user || user.disabled || isServiceAccount(user.role)) throw unknownTicket();
    if (user.organization_id !== provider.organization_id)
      throw badRequest("The account does not belong to the provider's organisation");
    if (user.auth_provider_id !== provider.id) throw forbidden('The account signs in through another provider');
    await endAfterGrace(tx, ticket.id);
    return { credentials: await openSession(tx, user, request.userAgent), provider, user };
  });
  await recordAuthAttempt(deps, {
    successful: true,
    organizationId: provider.organization_id,
    method: provider.provider_type === AuthProviderType.Saml ? 'saml' : 'oauth',
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

/** A ticket of a sign-in from the team wiki (features/wiki-sign-in/); null when the id is none. */
async function redeemWikiTicket(deps: AppDeps, ticketId: string, request: RequestInfo): Promise<Credentials | null> {
  const redeemed = await inTransaction(deps, async (tx) => {
    const ticket = await findLink<{ userId?: unknown }>(tx.db, LinkType.WikiTicket, ticketId, { forUpdate: true });
    if (!ticket) return null;
    const userId = typeof ticket.payload.userId === 'string' ? ticket.payload.userId : '';
    const user = await tx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user || user.disabled || isServiceAccount(user.role) || user.organization_id !== ticket.refId)
      throw unknownTicket();
    await endAfterGrace(tx, ticket.id);
    return { credentials: await openSession(tx, user, request.userAgent), user };
  });
  if (!redeemed) return null;
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
