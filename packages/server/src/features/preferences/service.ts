import {
  checkPreferenceValue,
  isPreferenceName,
  PREFERENCES,
  type Preference,
  type PreferenceDefinition,
} from '@perch/contract';
import type { AppDeps, AuthContext } from '../../context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { isTimezone } from '../settings/timezones.js';

export async function listPreferences(deps: AppDeps, auth: AuthContext): Promise<Preference[]> {
  const rows = await deps.db
    .selectFrom('user_preferences')
    .select(['name', 'value'])
    .where('user_id', '=', auth.userId)
    .orderBy('name')
    .execute();
  return rows
    .filter((r) => isPreferenceName(r.name))
    .map((r) => ({ name: r.name, value: reveal(deps, r.name, r.value) }));
}

function reveal(deps: AppDeps, name: string, stored: string): string {
  const def: PreferenceDefinition | undefined = isPreferenceName(name) ? PREFERENCES[name] : undefined;
  if (!def?.secret || stored === '') return stored;
  return deps.secrets.decrypt(stored) ?? '';
}

export async function getPreference(deps: AppDeps, auth: AuthContext, name: string): Promise<string> {
  if (!isPreferenceName(name)) throw notFound(`Unknown preference ${name}`);
  const row = await deps.db
    .selectFrom('user_preferences')
    .select('value')
    .where('user_id', '=', auth.userId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row) throw notFound('This preference has no value');
  return reveal(deps, name, row.value);
}

function prepare(deps: AppDeps, item: Preference, maxLength: number): Preference {
  if (!isPreferenceName(item.name)) throw notFound(`Unknown preference ${item.name}`);
  const def: PreferenceDefinition = PREFERENCES[item.name];
  if (item.value.length > Math.min(maxLength, def.maxLength ?? maxLength) || !checkPreferenceValue(def, item.value))
    throw badRequest(`Invalid value for ${item.name}`);
  if (def.check === 'timezone' && item.value !== '' && !isTimezone(item.value))
    throw badRequest(`Unknown time zone for ${item.name}`);
  return { name: item.name, value: def.secret && item.value !== '' ? deps.secrets.encrypt(item.value) : item.value };
}

/** Writes preferences all-or-nothing: every item is validated before anything is stored. */
export async function putPreferences(
  deps: AppDeps,
  auth: AuthContext,
  items: Preference[],
  maxLength: number,
): Promise<void> {
  const prepared: Preference[] = [];
  for (const item of items) prepared.push(prepare(deps, item, maxLength));
  for (const p of prepared) {
    if (p.name !== 'location_id' || p.value === '') continue;
    const area = await deps.db
      .selectFrom('locations')
      .select('id')
      .where('id', '=', p.value.toLowerCase())
      .where('organization_id', '=', auth.orgId)
      .executeTakeFirst();
    if (!area) throw badRequest('Unknown area for location_id');
  }
  if (prepared.length === 0) return;
  await deps.db.transaction().execute(async (trx) => {
    for (const p of prepared) {
      await trx
        .insertInto('user_preferences')
        .values({ user_id: auth.userId, name: p.name, value: p.value })
        .onConflict((oc) => oc.columns(['user_id', 'name']).doUpdateSet({ value: p.value }))
        .execute();
    }
  });
}
