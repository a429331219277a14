import type { Db } from '../../db/connection.js';

// Sign-in providers

/** The sign-in providers of an organisation, by name. */
export async function findAuthProviderStubs(db: Db, orgId: string): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('auth_providers')
    .select(['id', 'name'])
    .where('organization_id', '=', orgId)
    .orderBy('name')
    .execute();
}

/** The id of a sign-in provider of the organisation, if it has one with this id. */
export async function findAuthProviderId(db: Db, orgId: string, id: string): Promise<string | undefined> {
  const p = await db
    .selectFrom('auth_providers')
    .select('id')
    .where('id', '=', id)
    .where('organization_id', '=', orgId)
    .executeTakeFirst();
  return p?.id;
}
