import { isServiceAccount, type OneTimeLink as OneTimeLinkView } from '@perch/contract';
import type { AppDeps } from '../../context.js';
import type { Db } from '../../db/connection.js';
import type { OrganizationRow, UserRow } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { HttpError, notFound, tooManyRequests } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { hashPassword } from '../../lib/password.js';
import { queueMail } from '../../messaging/mail/index.js';
import { findOrganization } from '../../organization/organizations/index.js';
import { findUser, findUserByEmail, updateUser } from '../accounts/index.js';
import { countOpenLinks, createLink, deleteLinksOf, findLink, LinkType } from '../one-time-links/index.js';
import { deleteSessionsOfUser } from '../sessions/index.js';

/**
 * Password reset and invitation links: the mail with a link, the page behind
 * it, and the new password. Both links are single use: consuming one locks it and ends every
 * link of its kind for the account.
 */

/** Open reset links an account may have; a request beyond them sends nothing. */
export const MAX_OPEN_RESET_LINKS = 2;
/** Open invitation links an account may have after a reset request re-invites it. */
const MAX_OPEN_INVITATIONS = 2;

const PASSWORD_LOGIN_DISABLED = 'Password sign-in is disabled';
const LINK_GONE = 'This link has expired or has been used already';
const HAS_PASSWORD = 'This account has a password already: sign in with it';

/** Accounts that may sign in with a password of their own (not service accounts, providers or disabled ones). */
const signsInWithPassword = (u: UserRow): boolean => !u.disabled && !isServiceAccount(u.role) && !u.auth_provider_id;
/** An account whose password can be reset: it has one. */
const mayResetPassword = (u: UserRow): boolean => signsInWithPassword(u) && u.password_hash !== null;
/** An account still to choose its first password. */
const awaitsFirstPassword = (u: UserRow): boolean =>
  !u.disabled && !isServiceAccount(u.role) && u.password_hash === null;

function orgOf(org: OrganizationRow): { id: string; name: string; language: string } {
  return { id: org.id, name: org.name, language: org.language };
}

/**
 * Writes an invitation for `user` (in the caller's transaction): ends earlier invitation links,
 * opens one for 72 hours and queues the mail with it.
 */
export async function queueInvitation(deps: AppDeps, db: Db, user: UserRow, org: OrganizationRow): Promise<void> {
  await deleteLinksOf(db, LinkType.Invitation, user.id);
  const id = await createLink(db, LinkType.Invitation, user.id);
  await queueMail(db, deps.config, {
    kind: 'invitation',
    to: { email: user.email, firstname: user.firstname, userId: user.id },
    organization: orgOf(org),
    linkPath: `/ui/setpw/${id}/`,
  });
}

/**
 * `POST /auth/initpwreset`: always succeeds for the caller, whether or not the account exists.
 * An account with a password gets a reset link (at most two open at once); an invited account
 * without a password gets a new invitation. Each client address may ask a limited number of
 * times per window (429 beyond).
 */
export async function requestPasswordReset(
  deps: AppDeps,
  input: { organizationId: string; email: string; ip: string; limiter: RateLimiter },
): Promise<void> {
  if (deps.config.DISABLE_PASSWORD_LOGIN) throw notFound(PASSWORD_LOGIN_DISABLED);
  if (!(await input.limiter.take(`pwreset:${input.ip}`))) {
    throw tooManyRequests(
      input.limiter.retryAfter(),
      'Too many password reset requests from this address: try again later',
    );
  }
  const orgId = input.organizationId.toLowerCase();
  const org = await findOrganization(deps.db, orgId);
  if (!org) return;
  const email = input.email.trim().toLowerCase();
  await inTransaction(deps, async (tx) => {
    const user = await findUserByEmail(tx.db, org.id, email);
    if (!user) return;
    // Serialise requests for one account so the open-link cap holds under concurrency.
    await tx.db.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute();
    if (mayResetPassword(user)) {
      if ((await countOpenLinks(tx.db, LinkType.PasswordReset, user.id)) >= MAX_OPEN_RESET_LINKS) return;
      const id = await createLink(tx.db, LinkType.PasswordReset, user.id);
      await queueMail(tx.db, deps.config, {
        kind: 'password-reset',
        to: { email: user.email, firstname: user.firstname, userId: user.id },
        organization: orgOf(org),
        linkPath: `/ui/resetpw/${id}/`,
      });
    } else if (user.password_pending && awaitsFirstPassword(user) && !user.auth_provider_id) {
      if ((await countOpenLinks(tx.db, LinkType.Invitation, user.id)) >= MAX_OPEN_INVITATIONS) return;
      await queueInvitation(deps, tx.db, user, org);
    }
  });
}

/** The account behind a usable reset link. */
async function resetTarget(db: Db, id: string, forUpdate = false): Promise<UserRow> {
  const link = await findLink(db, LinkType.PasswordReset, id, { forUpdate });
  const user = link && (await findUser(db, link.refId));
  if (!user || !mayResetPassword(user)) throw notFound(LINK_GONE);
  return user;
}

/** `GET /auth/pwreset/{id}`: the account a usable reset link is for. */
export async function passwordResetLink(deps: AppDeps, id: string): Promise<OneTimeLinkView> {
  if (deps.config.DISABLE_PASSWORD_LOGIN) throw notFound(PASSWORD_LOGIN_DISABLED);
  const user = await resetTarget(deps.db, id);
  return { email: user.email, organizationId: user.organization_id };
}

/** `POST /auth/pwreset/{id}`: sets the new password, ends the account's reset links and every session. */
export async function resetPassword(deps: AppDeps, input: { id: string; password: string }): Promise<void> {
  if (deps.config.DISABLE_PASSWORD_LOGIN) throw notFound(PASSWORD_LOGIN_DISABLED);
  // The link first: a made-up one must not cost a password hash (the hash is made outside the
  // transaction, so the link is looked at again under lock below).
  await resetTarget(deps.db, input.id);
  const hash = await hashPassword(input.password, deps.config);
  await inTransaction(deps, async (tx) => {
    const user = await resetTarget(tx.db, input.id, true);
    await updateUser(tx.db, user.id, { password_hash: hash, password_update_required: false, password_pending: false });
    await deleteLinksOf(tx.db, LinkType.PasswordReset, user.id);
    await deleteSessionsOfUser(tx.db, user.id);
  });
}

/** The account behind a usable invitation link: 404 when the link is gone, 410 once it has a password. */
async function invitationTarget(db: Db, id: string, forUpdate = false): Promise<UserRow> {
  const link = await findLink(db, LinkType.Invitation, id, { forUpdate });
  const user = link && (await findUser(db, link.refId));
  if (!user || user.disabled || isServiceAccount(user.role)) throw notFound(LINK_GONE);
  if (user.password_hash !== null) throw new HttpError(410, HAS_PASSWORD);
  return user;
}

/** `GET /auth/setpw/{id}`. */
export async function checkInvitation(deps: AppDeps, id: string): Promise<void> {
  await invitationTarget(deps.db, id);
}

/** `GET /auth/invitation/{id}`: the account a usable invitation link is for. */
export async function invitationLink(deps: AppDeps, id: string): Promise<OneTimeLinkView> {
  const user = await invitationTarget(deps.db, id);
  return { email: user.email, organizationId: user.organization_id };
}

/**
 * `POST /auth/setpw/{id}`: the invited account chooses its password. Clears the pending and
 * change-required flags and any sign-in provider binding; ends the account's invitation links.
 */
export async function acceptInvitation(deps: AppDeps, input: { id: string; password: string }): Promise<void> {
  // The link first: a made-up one must not cost a password hash.
  await invitationTarget(deps.db, input.id);
  const hash = await hashPassword(input.password, deps.config);
  await inTransaction(deps, async (tx) => {
    const user = await invitationTarget(tx.db, input.id, true);
    await updateUser(tx.db, user.id, {
      password_hash: hash,
      password_pending: false,
      password_update_required: false,
      auth_provider_id: null,
    });
    await deleteLinksOf(tx.db, LinkType.Invitation, user.id);
  });
}

/** The organisation of an account, for the mails about it. */
export async function organizationOfUser(db: Db, user: UserRow): Promise<OrganizationRow> {
  const org = await findOrganization(db, user.organization_id);
  if (!org) throw notFound('Unknown organisation');
  return org;
}
