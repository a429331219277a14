import type { AppDeps } from '../../context.js';
import type { OrganizationRow } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import {
  countOrganizations,
  findAnyOrganization,
  findOrganization,
  findOrganizationByActiveDomain,
  primaryDomain,
} from '../../organization/organizations/index.js';
import { findOrganizationIdsByEmail, hasUserWithPassword } from '../accounts/index.js';
import { findAuthProviderStubs } from './repo.js';

/** What the sign-in screen learns about an organisation (see `presentPreflight`). */
export interface PreflightFacts {
  organization: OrganizationRow;
  authProviders: { id: string; name: string }[];
  /** Some user of the organisation signs in with a password. */
  anyUserHasPassword: boolean;
  passwordLoginDisabled: boolean;
  /** The organisation's primary domain, or ''. */
  domain: string;
}

async function preflightFacts(deps: AppDeps, org: OrganizationRow): Promise<PreflightFacts> {
  const { db, config } = deps;
  const authProviders = await findAuthProviderStubs(db, org.id);
  const anyUserHasPassword = await hasUserWithPassword(db, org.id);
  return {
    organization: org,
    authProviders,
    anyUserHasPassword,
    passwordLoginDisabled: config.DISABLE_PASSWORD_LOGIN,
    domain: await primaryDomain(db, org.id),
  };
}

/** The only organisation of a single-tenant install, if there is exactly one. */
async function singleOrganization(deps: AppDeps): Promise<OrganizationRow | undefined> {
  if ((await countOrganizations(deps.db)) !== 1) return undefined;
  return findAnyOrganization(deps.db);
}

/**
 * Finds the organisation for an email address: the one owning the address's domain, else
 * the only organisation with such a user, else the only organisation of the install.
 */
async function organizationForEmail(deps: AppDeps, email: string): Promise<OrganizationRow | undefined> {
  const normalised = email.trim().toLowerCase();
  const at = normalised.lastIndexOf('@');
  if (at > 0) {
    const byDomain = await findOrganizationByActiveDomain(deps.db, normalised.slice(at + 1));
    if (byDomain) return byDomain;
  }
  const orgIds = await findOrganizationIdsByEmail(deps.db, normalised, 2);
  if (orgIds.length === 1) return findOrganization(deps.db, orgIds[0]!);
  return singleOrganization(deps);
}

/** The email-first sign-in lookup (public). */
export async function preflightForEmail(deps: AppDeps, email: string): Promise<PreflightFacts> {
  const org = await organizationForEmail(deps, email);
  if (!org) throw notFound('No organisation found for this email address');
  return preflightFacts(deps, org);
}

/** The sign-in lookup of a server hosting exactly one organisation (public). */
export async function preflightForSingleOrganization(deps: AppDeps): Promise<PreflightFacts> {
  const org = await singleOrganization(deps);
  if (!org) throw notFound('This server hosts more than one organisation');
  return preflightFacts(deps, org);
}

/** The sign-in lookup by an active domain of the organisation (public). */
export async function preflightForDomain(deps: AppDeps, domain: string): Promise<PreflightFacts> {
  const org = await findOrganizationByActiveDomain(deps.db, domain);
  if (!org) throw notFound('Unknown domain');
  return preflightFacts(deps, org);
}
