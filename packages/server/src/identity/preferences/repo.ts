import { PREFERENCES, type Preference } from '@perch/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

const DEFAULT_ROWS = Object.entries(PREFERENCES)
  .filter(([, def]) => def.default !== null)
  .map(([name, def]) => ({ name, value: def.default as string }));

/** Creates a new user's default preference rows, plus the mail switches when the org wants them. */
export async function insertDefaultPreferences(db: Db, userId: string, mailNotifications: boolean): Promise<void> {
  const rows = [...DEFAULT_ROWS];
  if (mailNotifications) rows.push({ name: 'mail_notifications', value: '1' }, { name: 'mail_reminder', value: '1' });
  await db
    .insertInto('user_preferences')
    .values(rows.map((r) => ({ ...r, user_id: userId })))
    .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
    .execute();
}

/**
 * Fills in missing default rows for every user when the set of defaults changed since the last
 * start (a new version adds a preference), keeping set values. Every way of creating a user
 * writes their rows at once, so an unchanged set costs one lookup, however many people there
 * are. Clients read a missing row as its default.
 */
export async function insertDefaultPreferencesForAll(db: Db): Promise<void> {
  const version = JSON.stringify(DEFAULT_ROWS);
  const stored = await db
    .selectFrom('system_settings')
    .select('value')
    .where('name', '=', DEFAULTS_VERSION)
    .executeTakeFirst();
  if (stored?.value === version) return;
  await sql`
    INSERT INTO user_preferences (user_id, name, value)
    SELECT u.id, d.name, d.value
    FROM users u CROSS JOIN unnest(${DEFAULT_ROWS.map((r) => r.name)}::text[], ${DEFAULT_ROWS.map((r) => r.value)}::text[]) AS d(name, value)
    ON CONFLICT (user_id, name) DO NOTHING
  `.execute(db);
  await db
    .insertInto('system_settings')
    .values({ name: DEFAULTS_VERSION, value: version })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: version }))
    .execute();
}

/** The default preference rows the last start filled in (system_settings). */
const DEFAULTS_VERSION = 'default_preferences';

/** A user's stored preferences (values as stored: secrets encrypted), by name. */
export async function findPreferences(db: Db, userId: string): Promise<Preference[]> {
  return db
    .selectFrom('user_preferences')
    .select(['name', 'value'])
    .where('user_id', '=', userId)
    .orderBy('name')
    .execute();
}

/** One stored preference value of a user (secrets encrypted). */
export async function findPreference(db: Db, userId: string, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_preferences')
    .select('value')
    .where('user_id', '=', userId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}

export async function upsertPreference(db: Db, userId: string, name: string, value: string): Promise<void> {
  await db
    .insertInto('user_preferences')
    .values({ user_id: userId, name, value })
    .onConflict((oc) => oc.columns(['user_id', 'name']).doUpdateSet({ value }))
    .execute();
}

/** Whether the organisation has an area with this id (the `location_id` preference names one). */
export async function areaExists(db: Db, orgId: string, areaId: string): Promise<boolean> {
  const area = await db
    .selectFrom('locations')
    .select('id')
    .where('id', '=', areaId)
    .where('organization_id', '=', orgId)
    .executeTakeFirst();
  return area !== undefined;
}
