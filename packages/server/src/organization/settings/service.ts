import {
  parseOrigins,
  checkSettingValue,
  isSettingName,
  SETTINGS,
  SYSTEM_SETTINGS,
  type Setting,
  type SettingDefinition,
  type SystemSettingName,
  WIKI_SECRET_MIN_BYTES,
} from '@perch/contract';
import { requireRole } from '../../access.js';
import type { AppDeps, AuthContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { forgetFrameOrigins } from '../../http/frame-origins.js';
import { hashPassword } from '../../lib/password.js';
import { mayReadSetting, mayReadSystemSetting, SETTINGS_WRITER_ROLE } from './policy.js';
import type { SettingValue } from './presenter.js';
import { deleteSetting, readSettings, upsertSetting } from './repo.js';
import { isTimezone, TIMEZONES } from './timezones.js';

const isSystemSettingName = (name: string): name is SystemSettingName =>
  Object.prototype.hasOwnProperty.call(SYSTEM_SETTINGS, name);

/** The server's own values that the caller may read, in a fixed order. */
function systemSettings(deps: AppDeps, auth: AuthContext): SettingValue[] {
  const { config } = deps;
  const values: [SystemSettingName, string | null][] = [
    ['_sys_org_signup_delete', config.ALLOW_ORG_DELETE ? '1' : '0'],
    ['_sys_admin_welcome_screens', '[]'],
    ['_sys_admin_menu_items', '[]'],
    ['_sys_version', deps.version],
    ['_sys_org_primary_domain', auth.organization.primaryDomain],
    ['_sys_org_language', auth.organization.language],
    ['_sys_disable_password_login', config.DISABLE_PASSWORD_LOGIN ? '1' : '0'],
    // Some installs keep their id to themselves.
    ['_sys_install_id', config.DISABLE_INSTALL_ID_EXPOSURE ? null : deps.installId],
  ];
  return values.flatMap(([name, value]) =>
    value !== null && mayReadSystemSetting(auth, name) ? [{ name, value, secret: false }] : [],
  );
}

/** The stored settings the caller may read, then the server's own values. */
export async function listSettings(deps: AppDeps, auth: AuthContext): Promise<SettingValue[]> {
  const stored = await readSettings(deps.db, auth.orgId);
  const out: SettingValue[] = [];
  for (const [name, value] of stored) {
    if (!isSettingName(name)) continue;
    const def: SettingDefinition = SETTINGS[name];
    if (mayReadSetting(auth, def)) out.push({ name, value, secret: def.secret === true });
  }
  return [...out, ...systemSettings(deps, auth)];
}

/** One setting, when the caller may read it (403 otherwise, also for unknown names). */
export async function getSetting(deps: AppDeps, auth: AuthContext, name: string): Promise<SettingValue> {
  const unreadable = () => forbidden('This setting is not readable for you');
  if (isSystemSettingName(name)) {
    const found = systemSettings(deps, auth).find((s) => s.name === name);
    if (!found) throw unreadable();
    return found;
  }
  if (!isSettingName(name)) throw unreadable();
  const def: SettingDefinition = SETTINGS[name];
  if (!mayReadSetting(auth, def)) throw unreadable();
  const value = (await readSettings(deps.db, auth.orgId)).get(name);
  if (value === undefined) throw notFound('This setting has no value');
  return { name, value, secret: def.secret === true };
}

/** The time zones areas and settings accept. */
export function listTimezones(_deps: AppDeps, _auth: AuthContext): string[] {
  return [...TIMEZONES];
}

/** Validates one item and returns the value to store (null deletes the row). */
async function prepare(deps: AppDeps, item: Setting): Promise<{ name: string; value: string | null }> {
  const { name, value } = item;
  if (!isSettingName(name)) throw notFound(`Unknown setting ${name}`);
  const def: SettingDefinition = SETTINGS[name];
  if (!def.writable) throw notFound(`The setting ${name} cannot be changed`);
  const problem = checkSettingValue(def, value, isTimezone);
  if (problem) throw badRequest(`Invalid value for ${name} (${problem})`);
  if (name === 'kiosk_access_secret')
    return { name, value: value === '' ? null : await hashPassword(value, deps.config) };
  if (name === 'confluence_server_shared_secret' && value) {
    if (Buffer.byteLength(value) < WIKI_SECRET_MIN_BYTES)
      throw badRequest(`The shared secret must be at least ${WIKI_SECRET_MIN_BYTES} bytes long (Generate makes one)`);
    return { name, value: deps.secrets.encrypt(value) };
  }
  if (name === 'confluence_frame_origins') return { name, value: (parseOrigins(value) ?? []).join(' ') };
  return { name, value };
}

/** Changes several settings (org admins), all or nothing: every item is checked before anything is stored. */
export async function saveSettings(deps: AppDeps, auth: AuthContext, items: Setting[]): Promise<void> {
  requireRole(auth, SETTINGS_WRITER_ROLE);
  const prepared: { name: string; value: string | null }[] = [];
  for (const item of items) prepared.push(await prepare(deps, item));
  await inTransaction(deps, async (tx) => {
    for (const p of prepared) {
      if (p.value === null) await deleteSetting(tx.db, auth.orgId, p.name);
      else await upsertSetting(tx.db, auth.orgId, p.name, p.value);
    }
    // Whoever sets the wiki's secret decides how far the wiki reaches (wiki-sign-in/sign-in.ts).
    if (prepared.some((p) => p.name === 'confluence_server_shared_secret' && p.value !== null))
      await tx.db
        .updateTable('organizations')
        .set({ wiki_configured_by_role: auth.role })
        .where('id', '=', auth.orgId)
        .execute();
  });
  if (prepared.some((p) => p.name === 'confluence_frame_origins')) forgetFrameOrigins();
}

/** Changes one setting (org admins). */
export const saveSetting = (deps: AppDeps, auth: AuthContext, setting: Setting): Promise<void> =>
  saveSettings(deps, auth, [setting]);
