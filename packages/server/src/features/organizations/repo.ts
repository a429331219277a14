import type { OrganizationSave } from '@perch/contract';
import type { Db } from '../../db/connection.js';
import type { DomainRow, OrganizationRow } from '../../db/schema.js';
import { insertDefaultSettings } from '../settings/repo.js';

export async function findOrganization(db: Db, id: string): Promise<OrganizationRow | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listOrganizations(db: Db): Promise<OrganizationRow[]> {
  return db.selectFrom('organizations').selectAll().orderBy('name').orderBy('id').execute();
}

export async function countOrganizations(db: Db): Promise<number> {
  const r = await db
    .selectFrom('organizations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Creates an organisation with its default settings, in the caller's transaction. */
export async function insertOrganization(db: Db, org: OrganizationSave): Promise<OrganizationRow> {
  const row = await db
    .insertInto('organizations')
    .values({
      name: org.name,
      contact_firstname: org.firstname,
      contact_lastname: org.lastname,
      contact_email: org.email,
      language: org.language,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await insertDefaultSettings(db, row.id);
  return row;
}

export async function updateOrganization(db: Db, id: string, org: OrganizationSave): Promise<void> {
  await db
    .updateTable('organizations')
    .set({
      name: org.name,
      contact_firstname: org.firstname,
      contact_lastname: org.lastname,
      contact_email: org.email,
      language: org.language,
    })
    .where('id', '=', id)
    .execute();
}

/** Deletes an organisation; foreign keys remove everything that belongs to it. */
export async function deleteOrganization(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Users reference auth providers without a cascade; drop the links first.
    await trx.updateTable('users').set({ auth_provider_id: null }).where('organization_id', '=', id).execute();
    await trx.deleteFrom('organizations').where('id', '=', id).execute();
  });
}

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

export async function listDomains(db: Db, orgId: string): Promise<DomainRow[]> {
  return db
    .selectFrom('organization_domains')
    .selectAll()
    .where('organization_id', '=', orgId)
    .orderBy('domain')
    .execute();
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
