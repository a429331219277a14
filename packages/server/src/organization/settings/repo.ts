import { SETTINGS, type SettingName } from '@perch/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

const DEFAULT_ROWS = Object.entries(SETTINGS)
  .filter(([, def]) => def.default !== null)
  .map(([name, def]) => ({ name, value: def.default as string }));

/** Inserts the default setting rows of one organisation (existing rows stay as they are). */
export async function insertDefaultSettings(db: Db, organizationId: string): Promise<void> {
  await db
    .insertInto('settings')
    .values(DEFAULT_ROWS.map((r) => ({ ...r, organization_id: organizationId })))
    .onConflict((oc) => oc.columns(['organization_id', 'name']).doNothing())
    .execute();
}

/** Inserts missing default rows for every organisation (run at each start). */
export async function insertDefaultSettingsForAll(db: Db): Promise<void> {
  const names = DEFAULT_ROWS.map((r) => r.name);
  const values = DEFAULT_ROWS.map((r) => r.value);
  await sql`
    INSERT INTO settings (organization_id, name, value)
    SELECT o.id, d.name, d.value
    FROM organizations o CROSS JOIN unnest(${names}::text[], ${values}::text[]) AS d(name, value)
    ON CONFLICT (organization_id, name) DO NOTHING
  `.execute(db);
  // Feature flags are not commercial switches here: every organisation has what this version
  // has (the catalogue's value), whatever an older version or an import stored.
  for (const { name, value } of FEATURE_FLAGS)
    await db.updateTable('settings').set({ value }).where('name', '=', name).where('value', '<>', value).execute();
}

const FEATURE_FLAGS = DEFAULT_ROWS.filter((r) => r.name.startsWith('feature_'));

export async function readSettings(db: Db, organizationId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('settings')
    .select(['name', 'value'])
    .where('organization_id', '=', organizationId)
    .orderBy('name')
    .execute();
  return new Map(rows.map((r) => [r.name, r.value]));
}

export async function readSetting(db: Db, organizationId: string, name: SettingName): Promise<string | undefined> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('organization_id', '=', organizationId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}

/** A boolean setting: anything but "1" reads as false. */
export async function settingEnabled(db: Db, organizationId: string, name: SettingName): Promise<boolean> {
  return (await readSetting(db, organizationId, name)) === '1';
}

/** Stores one setting of an organisation, replacing its value. */
export async function upsertSetting(db: Db, organizationId: string, name: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ organization_id: organizationId, name, value })
    .onConflict((oc) => oc.columns(['organization_id', 'name']).doUpdateSet({ value }))
    .execute();
}

/** Removes one setting of an organisation (readers then see no value). */
export async function deleteSetting(db: Db, organizationId: string, name: string): Promise<void> {
  await db.deleteFrom('settings').where('organization_id', '=', organizationId).where('name', '=', name).execute();
}
