import { isDomainName } from '@perch/contract';
import { sql } from 'kysely';
import type { AppDeps, AuthContext } from '../../context.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { isSuperAdmin } from '../../http/permissions.js';

export function normaliseDomain(raw: string): string {
  return raw.trim().toLowerCase();
}

/**
 * Adds a domain. Super admins' domains are active at once; an org admin's stays inactive
 * until verified. The first domain of an organisation becomes its primary one.
 */
export async function addDomain(deps: AppDeps, auth: AuthContext, orgId: string, raw: string): Promise<string> {
  const domain = normaliseDomain(raw);
  if (!isDomainName(domain)) throw badRequest('Not a valid domain name');
  const active = isSuperAdmin(auth);
  return deps.db.transaction().execute(async (trx) => {
    // Serialise additions of the same name so the "active anywhere" check cannot race.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${'domain:' + domain}))`.execute(trx);
    const taken = await trx
      .selectFrom('organization_domains')
      .select(['organization_id', 'active'])
      .where('domain', '=', domain)
      .where((eb) => eb.or([eb('organization_id', '=', orgId), eb('active', '=', true)]))
      .executeTakeFirst();
    if (taken) throw conflict('This domain is already in use');
    const hasPrimary = await trx
      .selectFrom('organization_domains')
      .select('domain')
      .where('organization_id', '=', orgId)
      .where('is_primary', '=', true)
      .executeTakeFirst();
    await trx
      .insertInto('organization_domains')
      .values({ organization_id: orgId, domain, active, is_primary: !hasPrimary && active })
      .execute();
    return domain;
  });
}

export async function deleteDomain(deps: AppDeps, orgId: string, raw: string): Promise<void> {
  const domain = normaliseDomain(raw);
  await deps.db.transaction().execute(async (trx) => {
    const all = await trx
      .selectFrom('organization_domains')
      .select(['domain', 'is_primary', 'active'])
      .where('organization_id', '=', orgId)
      .orderBy('domain')
      .forUpdate()
      .execute();
    const target = all.find((d) => d.domain === domain);
    if (!target) return;
    if (all.length <= 1) throw badRequest('An organisation keeps at least one domain');
    await trx
      .deleteFrom('organization_domains')
      .where('organization_id', '=', orgId)
      .where('domain', '=', domain)
      .execute();
    if (target.is_primary) {
      const next = all.find((d) => d.domain !== domain && d.active);
      if (next)
        await trx
          .updateTable('organization_domains')
          .set({ is_primary: true })
          .where('organization_id', '=', orgId)
          .where('domain', '=', next.domain)
          .execute();
    }
  });
}

export async function setPrimaryDomain(deps: AppDeps, orgId: string, raw: string): Promise<void> {
  const domain = normaliseDomain(raw);
  await deps.db.transaction().execute(async (trx) => {
    const d = await trx
      .selectFrom('organization_domains')
      .select(['active'])
      .where('organization_id', '=', orgId)
      .where('domain', '=', domain)
      .executeTakeFirst();
    if (!d) throw notFound('Unknown domain');
    if (!d.active) throw badRequest('Only an active domain can be primary');
    await trx
      .updateTable('organization_domains')
      .set({ is_primary: false })
      .where('organization_id', '=', orgId)
      .execute();
    await trx
      .updateTable('organization_domains')
      .set({ is_primary: true })
      .where('organization_id', '=', orgId)
      .where('domain', '=', domain)
      .execute();
  });
}

/**
 * Activates a pending domain once its DNS carries the TXT record
 * `perch-verification=<token>` (the `seatsurfing-verification=` prefix is accepted too).
 * Returns false when the domain was already active.
 */
export async function verifyDomain(
  deps: AppDeps,
  orgId: string,
  raw: string,
  resolveTxt: (name: string) => Promise<string[][]>,
): Promise<boolean> {
  const domain = normaliseDomain(raw);
  const row = await deps.db
    .selectFrom('organization_domains')
    .selectAll()
    .where('organization_id', '=', orgId)
    .where('domain', '=', domain)
    .executeTakeFirst();
  if (!row) throw notFound('Unknown domain');
  if (row.active) return false;
  let records: string[] = [];
  try {
    records = (await resolveTxt(domain)).map((chunks) => chunks.join(''));
  } catch {
    records = [];
  }
  const wanted = [`perch-verification=${row.verify_token}`, `seatsurfing-verification=${row.verify_token}`];
  if (!records.some((r) => wanted.includes(r.trim()))) throw badRequest('The DNS TXT record was not found');
  await deps.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${'domain:' + domain}))`.execute(trx);
    const elsewhere = await trx
      .selectFrom('organization_domains')
      .select('organization_id')
      .where('domain', '=', domain)
      .where('active', '=', true)
      .executeTakeFirst();
    if (elsewhere) throw conflict('This domain is active in another organisation');
    const hasPrimary = await trx
      .selectFrom('organization_domains')
      .select('domain')
      .where('organization_id', '=', orgId)
      .where('is_primary', '=', true)
      .executeTakeFirst();
    await trx
      .updateTable('organization_domains')
      .set({ active: true, is_primary: !hasPrimary })
      .where('organization_id', '=', orgId)
      .where('domain', '=', domain)
      .execute();
  });
  return true;
}
