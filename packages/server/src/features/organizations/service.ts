import type { OrganizationSave } from '@perch/contract';
import { requireOrgRole, requireRole } from '../../access.js';
import type { AppDeps, AuthContext } from '../../context.js';
import type { OrganizationRow } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { checkMayDeleteOrganization, ORGANIZATION_CREATOR_ROLE, ORGANIZATION_MANAGER_ROLE } from './policy.js';
import {
  deleteOrganizationWithData,
  findAllOrganizations,
  findOrganization,
  findOrganizationByActiveDomain,
  insertOrganization,
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

export async function updateOrganization(
  deps: AppDeps,
  auth: AuthContext,
  input: { id: string; organization: OrganizationSave },
): Promise<void> {
  const org = await manageableOrganization(deps, auth, input.id);
  await updateOrganizationDetails(deps.db, org.id, input.organization);
}

/** Deletes an organisation with all its data. */
export async function deleteOrganization(deps: AppDeps, auth: AuthContext, id: string): Promise<void> {
  const org = await manageableOrganization(deps, auth, id);
  checkMayDeleteOrganization(auth, org.id, deps.config.ALLOW_ORG_DELETE);
  await inTransaction(deps, (tx) => deleteOrganizationWithData(tx.db, org.id));
}
