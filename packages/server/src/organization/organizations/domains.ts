import { isDomainName } from '@perch/contract';
import type { AppDeps, AuthContext } from '../../context.js';
import type { DomainRow } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { domainActiveWhenAdded } from './policy.js';
import {
  activateDomain,
  clearPrimaryDomain,
  deleteDomainRow,
  findDomain,
  findDomains,
  findDomainsForUpdate,
  findOrganizationByActiveDomain,
  hasPrimaryDomain,
  insertDomain,
  isDomainActive,
  isDomainTaken,
  lockDomainName,
  markPrimaryDomain,
} from './repo.js';
import { manageableOrganization } from './service.js';

/** A domain of the organisation with id `id`, both as they appear in the path. */
export interface DomainInput {
  id: string;
  domain: string;
}

function normaliseDomain(raw: string): string {
  return raw.trim().toLowerCase();
}

export async function listDomains(deps: AppDeps, auth: AuthContext, id: string): Promise<DomainRow[]> {
  const org = await manageableOrganization(deps, auth, id);
  return findDomains(deps.db, org.id);
}

/**
 * Adds a domain. Super admins' domains are active at once; an org admin's stays inactive
 * until verified. The first active domain of an organisation becomes its primary one.
 * Returns the domain as stored.
 */
export async function addDomain(deps: AppDeps, auth: AuthContext, input: DomainInput): Promise<string> {
  const org = await manageableOrganization(deps, auth, input.id);
  const domain = normaliseDomain(input.domain);
  if (!isDomainName(domain)) throw badRequest('Not a valid domain name');
  const active = domainActiveWhenAdded(auth);
  return inTransaction(deps, async (tx) => {
    // Serialise additions of the same name so the "active anywhere" check cannot race.
    await lockDomainName(tx.db, domain);
    if (await isDomainTaken(tx.db, org.id, domain)) throw conflict('This domain is already in use');
    const primary = active && !(await hasPrimaryDomain(tx.db, org.id));
    await insertDomain(tx.db, { organizationId: org.id, domain, active, primary });
    return domain;
  });
}

/** Removes a domain (an unknown one is no error); an organisation keeps at least one. */
export async function removeDomain(deps: AppDeps, auth: AuthContext, input: DomainInput): Promise<void> {
  const org = await manageableOrganization(deps, auth, input.id);
  const domain = normaliseDomain(input.domain);
  await inTransaction(deps, async (tx) => {
    const all = await findDomainsForUpdate(tx.db, org.id);
    const target = all.find((d) => d.domain === domain);
    if (!target) return;
    if (all.length <= 1) throw badRequest('An organisation keeps at least one domain');
    await deleteDomainRow(tx.db, org.id, domain);
    if (target.is_primary) {
      const next = all.find((d) => d.domain !== domain && d.active);
      if (next) await markPrimaryDomain(tx.db, org.id, next.domain);
    }
  });
}

export async function setPrimaryDomain(deps: AppDeps, auth: AuthContext, input: DomainInput): Promise<void> {
  const org = await manageableOrganization(deps, auth, input.id);
  const domain = normaliseDomain(input.domain);
  await inTransaction(deps, async (tx) => {
    const d = await findDomain(tx.db, org.id, domain);
    if (!d) throw notFound('Unknown domain');
    if (!d.active) throw badRequest('Only an active domain can be primary');
    await clearPrimaryDomain(tx.db, org.id);
    await markPrimaryDomain(tx.db, org.id, domain);
  });
}

/** The TXT record values that verify a domain with this token (the first is the one to create). */
export const verificationRecords = (token: string): string[] => [
  `perch-verification=${token}`,
  `seatsurfing-verification=${token}`,
];

const ACTIVE_ELSEWHERE = 'This domain is active in another organisation';

/**
 * Activates a pending domain once the TXT records of the domain itself (asked of `deps.dns`:
 * `DNS_SERVER` or the system's resolver) hold `perch-verification=<token>` (the
 * `seatsurfing-verification=` prefix is accepted too). No answer, NXDOMAIN or a time-out of
 * the DNS is a 400 that says which record to create; a domain active in another organisation
 * is a 409 before the DNS is asked. Returns false when the domain was already active.
 */
export async function verifyDomain(deps: AppDeps, auth: AuthContext, input: DomainInput): Promise<boolean> {
  const org = await manageableOrganization(deps, auth, input.id);
  const domain = normaliseDomain(input.domain);
  const row = await findDomain(deps.db, org.id, domain);
  if (!row) throw notFound('Unknown domain');
  if (row.active) return false;
  // A domain another organisation holds cannot be had whatever the DNS says: say so first,
  // rather than ask for a record that would not help.
  if (await isDomainActive(deps.db, domain)) throw conflict(ACTIVE_ELSEWHERE);
  const wanted = verificationRecords(row.verify_token);
  let records: string[] = [];
  let failure = '';
  try {
    records = (await deps.dns.resolveTxt(domain)).map((chunks) => chunks.join('').trim());
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    // "No such name" and "no TXT records" are the usual answers before the record exists.
    if (code !== 'ENOTFOUND' && code !== 'ENODATA') {
      failure = ` (the DNS lookup failed: ${typeof code === 'string' ? code : 'no answer'})`;
    }
  }
  if (!records.some((r) => wanted.includes(r))) {
    throw badRequest(
      `The DNS TXT record "${wanted[0]}" was not found on ${domain}${failure}: ` +
        'create a TXT record with this value on the domain, then verify again',
    );
  }
  await inTransaction(deps, async (tx) => {
    await lockDomainName(tx.db, domain);
    // Checked again under the lock: another organisation may have verified it meanwhile.
    if (await isDomainActive(tx.db, domain)) throw conflict(ACTIVE_ELSEWHERE);
    await activateDomain(tx.db, org.id, domain, !(await hasPrimaryDomain(tx.db, org.id)));
  });
  return true;
}

/**
 * Public: the organisation an *active* domain belongs to, for the reachability probe, which
 * calls this on the domain itself. 404 for an unknown or inactive domain.
 */
export async function domainReachability(deps: AppDeps, rawDomain: string): Promise<{ domain: string; orgId: string }> {
  const domain = normaliseDomain(rawDomain);
  const org = await findOrganizationByActiveDomain(deps.db, domain);
  if (!org) throw notFound('Unknown domain');
  return { domain, orgId: org.id };
}
