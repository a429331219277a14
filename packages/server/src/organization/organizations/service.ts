import type { OrganizationSave } from '@perch/contract';
import { isSuperAdmin, requireOrgRole, requireRole } from '../../access.js';
import type { AppDeps, AuthContext } from '../../context.js';
import type { OrganizationRow } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import {
  createLink,
  deleteLink,
  deleteLinksOf,
  findLink,
  LinkType,
  MAX_CODE_ATTEMPTS,
  sixDigitCode,
  updateLinkPayload,
} from '../../identity/one-time-links/index.js';
import { queueMail } from '../../messaging/mail/index.js';
import { checkMayDeleteOrganization, ORGANIZATION_CREATOR_ROLE, ORGANIZATION_MANAGER_ROLE } from './policy.js';
import {
  deleteOrganizationWithData,
  findAllOrganizations,
  findOrganization,
  findOrganizationByActiveDomain,
  insertOrganization,
  updateOrganizationContactEmail,
  updateOrganizationDetails,
} from './repo.js';

/** Loads the organisation named in the path after checking the caller's rights on it. */
export async function manageableOrganization(
  deps: AppDeps,
  auth: AuthContext,
  rawId: string,
): Promise<OrganizationRow> {
  const id = pathId(rawId);
  requireOrgRole(auth, id, ORGANIZATION_MANAGER_ROLE);
  const org = await findOrganization(deps.db, id);
  if (!org) throw notFound('Unknown organisation');
  return org;
}

export async function listOrganizations(deps: AppDeps, auth: AuthContext): Promise<OrganizationRow[]> {
  requireRole(auth, ORGANIZATION_CREATOR_ROLE);
  return findAllOrganizations(deps.db);
}

/** Creates an organisation with its default settings. Returns the new id. */
export async function createOrganization(deps: AppDeps, auth: AuthContext, org: OrganizationSave): Promise<string> {
  requireRole(auth, ORGANIZATION_CREATOR_ROLE);
  const row = await inTransaction(deps, (tx) => insertOrganization(tx.db, org));
  return row.id;
}

/** The organisation owning an active domain (public: callers see its name only). */
export async function organizationByDomain(deps: AppDeps, domain: string): Promise<OrganizationRow> {
  const org = await findOrganizationByActiveDomain(deps.db, domain);
  if (!org) throw notFound('Unknown domain');
  return org;
}

export const getOrganization = (deps: AppDeps, auth: AuthContext, id: string): Promise<OrganizationRow> =>
  manageableOrganization(deps, auth, id);

/** A pending contact-email change: the new address and the code mailed to it. */
interface EmailChange {
  email: string;
  code: string;
  attempts: number;
}

/**
 * Changes an organisation. Name, contact names and language change at once. A new contact
 * email set by an org admin waits for the six-digit code mailed to the new address (returned:
 * the id of the pending change); a super admin's applies at once (returned: '').
 */
export async function updateOrganization(
  deps: AppDeps,
  auth: AuthContext,
  input: { id: string; organization: OrganizationSave },
): Promise<string> {
  const org = await manageableOrganization(deps, auth, input.id);
  const wanted = input.organization;
  const emailChanges = wanted.email.trim().toLowerCase() !== org.contact_email.trim().toLowerCase();
  if (!emailChanges || isSuperAdmin(auth)) {
    await updateOrganizationDetails(deps.db, org.id, wanted);
    return '';
  }
  return inTransaction(deps, async (tx) => {
    await updateOrganizationDetails(tx.db, org.id, { ...wanted, email: org.contact_email });
    await deleteLinksOf(tx.db, LinkType.OrgEmailChange, org.id);
    const change: EmailChange = { email: wanted.email.trim(), code: sixDigitCode(), attempts: 0 };
    const id = await createLink(tx.db, LinkType.OrgEmailChange, org.id, change);
    await queueMail(tx.db, deps.config, {
      kind: 'org-email-verify',
      to: { email: change.email },
      organization: { id: org.id, name: wanted.name, language: wanted.language },
      values: { code: change.code },
    });
    return id;
  });
}

/**
 * A code-protected link of the organisation, consumed when `code` matches. A wrong code counts;
 * after MAX_CODE_ATTEMPTS the link is gone. Runs in the caller's transaction.
 */
async function consumeCodeLink<P extends { code: string; attempts?: number }>(
  tx: AppDeps,
  type: LinkType,
  id: string,
  code: string,
  belongsTo?: string,
): Promise<{ refId: string; payload: P } | undefined> {
  const link = await findLink<P>(tx.db, type, id, { forUpdate: true });
  if (!link || (belongsTo && link.refId !== belongsTo)) return undefined;
  if (link.payload.code !== code) {
    const attempts = (link.payload.attempts ?? 0) + 1;
    if (attempts >= MAX_CODE_ATTEMPTS) await deleteLink(tx.db, link.id);
    else await updateLinkPayload(tx.db, link.id, { ...link.payload, attempts });
    return undefined;
  }
  await deleteLink(tx.db, link.id);
  return link;
}

/** `POST /organization/{id}/verifyemail/{uuid}`: applies a pending contact-email change. */
export async function verifyOrganizationEmail(
  deps: AppDeps,
  auth: AuthContext,
  input: { id: string; uuid: string; code: string },
): Promise<void> {
  const org = await manageableOrganization(deps, auth, input.id);
  // A wrong code is recorded even though the request fails, so it is not rolled back.
  const link = await inTransaction(deps, (tx) =>
    consumeCodeLink<EmailChange>(tx, LinkType.OrgEmailChange, input.uuid, input.code, org.id),
  );
  if (!link) throw notFound('The code is wrong or has expired');
  await updateOrganizationContactEmail(deps.db, org.id, link.payload.email);
}

/** A requested organisation deletion: the code shown to the admin who asked, and whether a super admin asked. */
interface DeletionRequest {
  code: string;
  attempts: number;
  requestedBy: string;
  bySuperAdmin: boolean;
}

/**
 * `DELETE /organization/{id}`: nothing is deleted yet. Mails the caller a confirmation link
 * (one hour) and returns the code the page behind it asks for.
 */
export async function requestOrganizationDeletion(deps: AppDeps, auth: AuthContext, id: string): Promise<string> {
  const org = await manageableOrganization(deps, auth, id);
  checkMayDeleteOrganization(auth, org.id, deps.config.ALLOW_ORG_DELETE);
  return inTransaction(deps, async (tx) => {
    const request: DeletionRequest = {
      code: sixDigitCode(),
      attempts: 0,
      requestedBy: auth.userId,
      bySuperAdmin: isSuperAdmin(auth),
    };
    const linkId = await createLink(tx.db, LinkType.OrgDeletion, org.id, request);
    await queueMail(tx.db, deps.config, {
      kind: 'org-deletion',
      to: { email: auth.user.email, firstname: auth.user.firstname, userId: auth.userId },
      // The mail is the caller's: listed in their organisation's outbox (the other one is about to go).
      organization: auth.organization,
      values: { orgName: org.name },
      linkPath: `/ui/admin/organizations/delete/${linkId}/`,
    });
    return request.code;
  });
}

/**
 * `POST /organization/deleteorg/{id}`: the link of the mail and the code shown to the admin
 * delete the organisation and everything of it. Org admins' requests need ALLOW_ORG_DELETE
 * (still on); a wrong code counts towards MAX_CODE_ATTEMPTS.
 */
export async function confirmOrganizationDeletion(deps: AppDeps, input: { id: string; code: string }): Promise<void> {
  const gone = () => notFound('The confirmation link has expired, or the code is wrong');
  const deleted = await inTransaction(deps, async (tx) => {
    const pending = await findLink<DeletionRequest>(tx.db, LinkType.OrgDeletion, input.id);
    if (!pending || (!pending.payload.bySuperAdmin && !deps.config.ALLOW_ORG_DELETE)) return false;
    const link = await consumeCodeLink<DeletionRequest>(tx, LinkType.OrgDeletion, input.id, input.code);
    if (!link) return false;
    await deleteOrganizationWithData(tx.db, link.refId);
    return true;
  });
  if (!deleted) throw gone();
}
