import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { AuthProvidersTable } from '../../db/schema.js';

export type AuthProviderRow = Selectable<AuthProvidersTable>;
export type NewAuthProvider = Insertable<AuthProvidersTable>;
export type AuthProviderUpdate = Updateable<AuthProvidersTable>;

export async function findAuthProvider(db: Db, id: string): Promise<AuthProviderRow | undefined> {
  return db.selectFrom('auth_providers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The organisation's providers, by name. */
export async function listAuthProviders(db: Db, orgId: string): Promise<AuthProviderRow[]> {
  return db.selectFrom('auth_providers').selectAll().where('organization_id', '=', orgId).orderBy('name').execute();
}

/** The id of the organisation's provider with this name (names are unique regardless of case). */
export async function findAuthProviderIdByName(db: Db, orgId: string, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('auth_providers')
    .select('id')
    .where('organization_id', '=', orgId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  return row?.id;
}

export async function insertAuthProvider(db: Db, values: NewAuthProvider): Promise<string> {
  const row = await db.insertInto('auth_providers').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAuthProvider(db: Db, id: string, changes: AuthProviderUpdate): Promise<void> {
  await db.updateTable('auth_providers').set(changes).where('id', '=', id).execute();
}

export async function deleteAuthProvider(db: Db, id: string): Promise<void> {
  await db.deleteFrom('auth_providers').where('id', '=', id).execute();
}

/** Whether any user signs in through the provider. */
export async function hasBoundUsers(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('auth_provider_id', '=', id).limit(1).executeTakeFirst();
  return row !== undefined;
}
