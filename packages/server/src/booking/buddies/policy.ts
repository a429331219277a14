import type { AppDeps, AuthContext } from '../../context.js';
import { forbidden } from '../../http/errors.js';
import { readSettings } from '../../organization/settings/index.js';

/** Buddies exist only where names are shown (`show_names`) and are not turned off (`disable_buddies`). */
export function buddiesEnabled(settings: ReadonlyMap<string, string>): boolean {
  return settings.get('show_names') === '1' && settings.get('disable_buddies') !== '1';
}

/** 403 when the caller's organisation has no buddies. */
export async function requireBuddies(deps: AppDeps, auth: AuthContext): Promise<void> {
  if (!buddiesEnabled(await readSettings(deps.db, auth.orgId)))
    throw forbidden('Buddies are turned off in this organisation');
}
