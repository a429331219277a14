import {
  checkSettingValue,
  isSettingName,
  isOrgAdmin,
  isSpaceAdmin,
  SETTINGS,
  SYSTEM_SETTINGS,
  type SettingDefinition,
  type Setting,
} from '@perch/contract';
import type { AppDeps, AuthContext } from '../../context.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { hashPassword } from '../../lib/password.js';
import { readSettings, writeSettings } from './repo.js';
import { isTimezone } from './timezones.js';

function mayRead(def: SettingDefinition, auth: AuthContext): boolean {
  return def.read === 'public' || isOrgAdmin(auth.role);
}

/** What a stored value looks like to a reader: secrets show only whether they are set. */
function presentValue(def: SettingDefinition, value: string): string {
  return def.secret ? (value ? '1' : '') : value;
}

function systemSettings(deps: AppDeps, auth: AuthContext): Setting[] {
  const admin = isOrgAdmin(auth.role);
  const out: Setting[] = [];
  if (admin) {
    out.push({ name: '_sys_org_signup_delete', value: deps.config.ALLOW_ORG_DELETE ? '1' : '0' });
    out.push({ name: '_sys_admin_welcome_screens', value: '[]' });
  }
  if (isSpaceAdmin(auth.role)) out.push({ name: '_sys_admin_menu_items', value: '[]' });
  out.push({ name: '_sys_version', value: deps.version });
  out.push({ name: '_sys_org_primary_domain', value: auth.organization.primaryDomain });
  out.push({ name: '_sys_org_language', value: auth.organization.language });
  out.push({ name: '_sys_disable_password_login', value: deps.config.DISABLE_PASSWORD_LOGIN ? '1' : '0' });
  if (admin && !deps.config.DISABLE_INSTALL_ID_EXPOSURE) out.push({ name: '_sys_install_id', value: deps.installId });
  return out;
}

export async function listSettings(deps: AppDeps, auth: AuthContext): Promise<Setting[]> {
  const stored = await readSettings(deps.db, auth.orgId);
  const out: Setting[] = [];
  for (const [name, value] of stored) {
    if (!isSettingName(name)) continue;
    const def: SettingDefinition = SETTINGS[name];
    if (mayRead(def, auth)) out.push({ name, value: presentValue(def, value) });
  }
  return [...out, ...systemSettings(deps, auth)];
}

export async function getSetting(deps: AppDeps, auth: AuthContext, name: string): Promise<string> {
  if (name in SYSTEM_SETTINGS) {
    const found = systemSettings(deps, auth).find((s) => s.name === name);
    if (!found) throw forbidden('This setting is not readable for you');
    return found.value;
  }
  if (!isSettingName(name)) throw forbidden('This setting is not readable for you');
  const def: SettingDefinition = SETTINGS[name];
  if (!mayRead(def, auth)) throw forbidden('This setting is not readable for you');
  const value = (await readSettings(deps.db, auth.orgId)).get(name);
  if (value === undefined) throw notFound('This setting has no value');
  return presentValue(def, value);
}

/** Validates one item and returns the value to store (null deletes the row). */
async function prepare(name: string, value: string): Promise<{ name: string; value: string | null }> {
  if (!isSettingName(name)) throw notFound(`Unknown setting ${name}`);
  const def: SettingDefinition = SETTINGS[name];
  if (!def.writable) throw notFound(`The setting ${name} cannot be changed`);
  const problem = checkSettingValue(def, value, isTimezone);
  if (problem) throw badRequest(`Invalid value for ${name} (${problem})`);
  if (name === 'kiosk_access_secret') return { name, value: value === '' ? null : await hashPassword(value) };
  return { name, value };
}

/** Writes settings all-or-nothing: every item is checked before anything is stored. */
export async function putSettings(deps: AppDeps, auth: AuthContext, items: Setting[]): Promise<void> {
  const prepared = [];
  for (const item of items) {
    const p = await prepare(item.name, item.value);
    if (p.name === 'confluence_server_shared_secret' && p.value) p.value = deps.secrets.encrypt(p.value);
    prepared.push(p);
  }
  await writeSettings(deps.db, auth.orgId, prepared);
}
