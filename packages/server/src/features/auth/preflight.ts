import type { Preflight } from '@perch/contract';
import type { AppDeps } from '../../context.js';
import type { OrganizationRow } from '../../db/schema.js';
import { presentOrganizationStub } from '../organizations/presenter.js';
import {
  countOrganizations,
  findOrganization,
  findOrganizationByActiveDomain,
  primaryDomain,
} from '../organizations/repo.js';

/** What the sign-in screen needs to know about an organisation. */
export async function buildPreflight(deps: AppDeps, org: OrganizationRow): Promise<Preflight> {
  const { db, config } = deps;
  const providers = await db
    .selectFrom('auth_providers')
    .select(['id', 'name'])
    .where('organization_id', '=', org.id)
    .orderBy('name')
    .execute();
  const withPassword = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', org.id)
    .where('password_hash', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return {
    organization: presentOrganizationStub(org),
    authProviders: providers,
    requirePassword: withPassword !== undefined && !config.DISABLE_PASSWORD_LOGIN,
    disablePasswordLogin: config.DISABLE_PASSWORD_LOGIN,
    domain: await primaryDomain(db, org.id),
  };
}

/** The only organisation of a single-tenant install, if there is exactly one. */
export async function singleOrganization(deps: AppDeps): Promise<OrganizationRow | undefined> {
  if ((await countOrganizations(deps.db)) !== 1) return undefined;
  return deps.db.selectFrom('organizations').selectAll().executeTakeFirst();
}

/**
 * Finds the organisation for an email address: the one owning the address's domain, else
 * the only organisation with such a user, else the only organisation of the install.
 */
export async function organizationForEmail(deps: AppDeps, email: string): Promise<OrganizationRow | undefined> {
  const normalised = email.trim().toLowerCase();
  const at = normalised.lastIndexOf('@');
  if (at > 0) {
    const byDomain = await findOrganizationByActiveDomain(deps.db, normalised.slice(at + 1));
    if (byDomain) return byDomain;
  }
  const orgIds = await deps.db
    .selectFrom('users')
    .select('organization_id')
    .where('email', '=', normalised)
    .limit(2)
    .execute();
  if (orgIds.length === 1) return findOrganization(deps.db, orgIds[0]!.organization_id);
  return singleOrganization(deps);
}
