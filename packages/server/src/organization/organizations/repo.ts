import type { OrganizationSave } from '@perch/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { DomainRow, OrganizationRow } from '../../db/schema.js';
import { insertDefaultSettings } from '../settings/index.js';

// Organisations

export async function findOrganization(db: Db, id: string): Promise<OrganizationRow | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Some organisation (the only one, when the caller knows there is exactly one). */
export async function findAnyOrganization(db: Db): Promise<OrganizationRow | undefined> {
  return db.selectFrom('organizations').selectAll().executeTakeFirst();
}

export async function findAllOrganizations(db: Db): Promise<OrganizationRow[]> {
  return db.selectFrom('organizations').selectAll().orderBy('name').orderBy('id').execute();
}

export async function countOrganizations(db: Db): Promise<number> {
  const r = await db
    .selectFrom('organizations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

const columns = (org: OrganizationSave) => ({
  name: org.name,
  contact_firstname: org.firstname,
  contact_lastname: org.lastname,
  contact_email: org.email,
  language: org.language,
});

/** Creates an organisation with its default settings, in the caller's transaction. */
export async function insertOrganization(db: Db, org: OrganizationSave): Promise<OrganizationRow> {
  const row = await db.insertInto('organizations').values(columns(org)).returningAll().executeTakeFirstOrThrow();
  await insertDefaultSettings(db, row.id);
  return row;
}

export async function updateOrganizationDetails(db: Db, id: string, org: OrganizationSave): Promise<void> {
  await db.updateTable('organizations').set(columns(org)).where('id', '=', id).execute();
}

export async function updateOrganizationContactEmail(db: Db, id: string, email: string): Promise<void> {
  await db.updateTable('organizations').set({ contact_email: email }).where('id', '=', id).execute();
}

/**
 * Deletes an organisation; foreign keys remove everything that belongs to it. Run it in a
 * transaction: users lose their sign-in provider links first.
 */
export async function deleteOrganizationWithData(db: Db, id: string): Promise<void> {
  // Users reference auth providers without a cascade; drop the links first.
  await db.updateTable('users').set({ auth_provider_id: null }).where('organization_id', '=', id).execute();
  await db.deleteFrom('organizations').where('id', '=', id).execute();
}

// Domains

/** The organisation whose *active* domain this is (case-insensitive). */
export async function findOrganizationByActiveDomain(db: Db, domain: string): Promise<OrganizationRow | undefined> {
  return db
    .selectFrom('organizations as o')
    .innerJoin('organization_domains as d', 'd.organization_id', 'o.id')
    .selectAll('o')
    .where('d.domain', '=', domain.trim().toLowerCase())
    .where('d.active', '=', true)
    .executeTakeFirst();
}

export async function findDomains(db: Db, orgId: string): Promise<DomainRow[]> {
  return db
    .selectFrom('organization_domains')
    .selectAll()
    .where('organization_id', '=', orgId)
    .orderBy('domain')
    .execute();
}

/** An organisation's domains, locked for the caller's transaction. */
export async function findDomainsForUpdate(db: Db, orgId: string): Promise<DomainRow[]> {
  return db
    .selectFrom('organization_domains')
    .selectAll()
    .where('organization_id', '=', orgId)
    .orderBy('domain')
    .forUpdate()
    .execute();
}

export async function findDomain(db: Db, orgId: string, domain: string): Promise<DomainRow | undefined> {
  return db
    .selectFrom('organization_domains')
    .selectAll()
    .where('organization_id', '=', orgId)
    .where('domain', '=', domain)
    .executeTakeFirst();
}

export async function primaryDomain(db: Db, orgId: string): Promise<string> {
  const r = await db
    .selectFrom('organization_domains')
    .select('domain')
    .where('organization_id', '=', orgId)
    .where('is_primary', '=', true)
    .executeTakeFirst();
  return r?.domain ?? '';
}

/** Serialises changes of one domain name until the caller's transaction ends. */
export async function lockDomainName(db: Db, domain: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${'domain:' + domain}))`.execute(db);
}

/** Whether the name is taken: in this organisation (in any state) or active anywhere. */
export async function isDomainTaken(db: Db, orgId: string, domain: string): Promise<boolean> {
  const taken = await db
    .selectFrom('organization_domains')
    .select('organization_id')
    .where('domain', '=', domain)
    .where((eb) => eb.or([eb('organization_id', '=', orgId), eb('active', '=', true)]))
    .executeTakeFirst();
  return taken !== undefined;
}

/** Whether the name is active in some organisation. */
export async function isDomainActive(db: Db, domain: string): Promise<boolean> {
  const row = await db
    .selectFrom('organization_domains')
    .select('organization_id')
    .where('domain', '=', domain)
    .where('active', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasPrimaryDomain(db: Db, orgId: string): Promise<boolean> {
  return (await primaryDomain(db, orgId)) !== '';
}

export async function insertDomain(
  db: Db,
  d: { organizationId: string; domain: string; active: boolean; primary: boolean },
): Promise<void> {
  await db
    .insertInto('organization_domains')
    .values({ organization_id: d.organizationId, domain: d.domain, active: d.active, is_primary: d.primary })
    .execute();
}

export async function deleteDomainRow(db: Db, orgId: string, domain: string): Promise<void> {
  await db
    .deleteFrom('organization_domains')
    .where('organization_id', '=', orgId)
    .where('domain', '=', domain)
    .execute();
}

/** Makes one domain the primary one (callers clear the others first when needed). */
export async function markPrimaryDomain(db: Db, orgId: string, domain: string): Promise<void> {
  await db
    .updateTable('organization_domains')
    .set({ is_primary: true })
    .where('organization_id', '=', orgId)
    .where('domain', '=', domain)
    .execute();
}

export async function clearPrimaryDomain(db: Db, orgId: string): Promise<void> {
  await db
    .updateTable('organization_domains')
    .set({ is_primary: false })
    .where('organization_id', '=', orgId)
    .execute();
}

export async function activateDomain(db: Db, orgId: string, domain: string, primary: boolean): Promise<void> {
  await db
    .updateTable('organization_domains')
    .set({ active: true, is_primary: primary })
    .where('organization_id', '=', orgId)
    .where('domain', '=', domain)
    .execute();
}

/** Every domain of every organisation, for the reachability probe. */
export async function findAllDomains(db: Db): Promise<Pick<DomainRow, 'organization_id' | 'domain'>[]> {
  return db
    .selectFrom('organization_domains')
    .select(['organization_id', 'domain'])
    .orderBy('organization_id')
    .orderBy('domain')
    .execute();
}

/** Records the outcome of a reachability probe of one organisation's domain. */
export async function setDomainAccess(
  db: Db,
  orgId: string,
  domain: string,
  accessible: boolean,
  checkedAt: Date,
): Promise<void> {
  await db
    .updateTable('organization_domains')
    .set({ accessible, access_check: checkedAt })
    .where('organization_id', '=', orgId)
    .where('domain', '=', domain)
    .execute();
}
