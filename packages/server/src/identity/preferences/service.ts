import {
  checkPreferenceValue,
  isPreferenceName,
  PREFERENCES,
  SECRET_PREFERENCE_MASK,
  type Preference,
  type PreferenceDefinition,
} from '@perch/contract';
import type { AppDeps, AuthContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, notFound } from '../../http/errors.js';
import { isTimezone } from '../../organization/settings/index.js';
import { CALDAV_PREFERENCES } from './calendar-preferences.js';
import { areaExists, findPreference, findPreferences, upsertPreference } from './repo.js';

/** Longest value of a bulk save and of a single save (a preference's own limit may be lower). */
const BULK_VALUE_MAX = 512;
const SINGLE_VALUE_MAX = 256;

/** A stored value as its owner reads it: a secret (stored encrypted) only shows that it is set. */
function reveal(name: string, stored: string): string {
  const def: PreferenceDefinition | undefined = isPreferenceName(name) ? PREFERENCES[name] : undefined;
  if (!def?.secret || stored === '') return stored;
  return SECRET_PREFERENCE_MASK;
}

/** The caller's preferences, by name. */
export async function listPreferences(deps: AppDeps, auth: AuthContext): Promise<Preference[]> {
  const rows = await findPreferences(deps.db, auth.userId);
  return rows.filter((r) => isPreferenceName(r.name)).map((r) => ({ name: r.name, value: reveal(r.name, r.value) }));
}

/** One preference of the caller; unknown names and names without a value are 404. */
export async function getPreference(deps: AppDeps, auth: AuthContext, name: string): Promise<string> {
  if (!isPreferenceName(name)) throw notFound(`Unknown preference ${name}`);
  const value = await findPreference(deps.db, auth.userId, name);
  if (value === undefined) throw notFound('This preference has no value');
  return reveal(name, value);
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

const isCalendarPreference = (name: string) => (CALDAV_PREFERENCES as readonly string[]).includes(name);

/**
 * Writes preferences all-or-nothing: every item is validated before anything is stored. The
 * calendar connection's preferences are only cleared (or saved back as read) here, unless the
 * caller checked them against the calendar server first (messaging/caldav/service.ts): the server
 * would otherwise send the person's bookings, with their password, wherever they point.
 */
async function store(
  deps: AppDeps,
  auth: AuthContext,
  items: Preference[],
  maxLength: number,
  calendarChecked: boolean,
): Promise<void> {
  const prepared: Preference[] = [];
  for (const item of items) {
    if (
      !calendarChecked &&
      isCalendarPreference(item.name) &&
      item.value !== '' &&
      !(item.name === 'caldav_pass' && item.value === SECRET_PREFERENCE_MASK)
    )
      throw badRequest(
        `${item.name} is set by connecting a calendar (PUT /preference/caldav/connection), which checks it first`,
      );
    const p = prepare(deps, item, maxLength);
    // A secret's mask, saved back by a client that read it, keeps the stored value.
    const def: PreferenceDefinition | undefined = isPreferenceName(item.name) ? PREFERENCES[item.name] : undefined;
    if (!(def?.secret && item.value === SECRET_PREFERENCE_MASK)) prepared.push(p);
  }
  for (const p of prepared) {
    if (p.name !== 'location_id' || p.value === '') continue;
    if (!(await areaExists(deps.db, auth.orgId, p.value.toLowerCase())))
      throw badRequest('Unknown area for location_id');
  }
  if (prepared.length === 0) return;
  await inTransaction(deps, async (tx) => {
    for (const p of prepared) await upsertPreference(tx.db, auth.userId, p.name, p.value);
    const changed = prepared.map((p) => p.name);
    for (const hook of tx.preferenceHooks) await hook(tx, auth.userId, changed);
  });
}

/** Changes several of the caller's preferences at once, all or nothing. */
export const savePreferences = (
  deps: AppDeps,
  auth: AuthContext,
  items: Preference[],
  opts: { calendarChecked?: boolean } = {},
): Promise<void> => store(deps, auth, items, BULK_VALUE_MAX, opts.calendarChecked ?? false);

/** Changes one of the caller's preferences. */
export const savePreference = (deps: AppDeps, auth: AuthContext, item: Preference): Promise<void> =>
  store(deps, auth, [item], SINGLE_VALUE_MAX, false);
