import {
  isOrgAdmin,
  isSpaceAdmin,
  Role,
  SYSTEM_SETTINGS,
  type SettingDefinition,
  type SystemSettingName,
} from '@perch/contract';
import type { AuthContext } from '../../context.js';

/** Who may read and change organisation settings. */

/** Changing settings is for org admins. */
export const SETTINGS_WRITER_ROLE = Role.OrgAdmin;

/** A setting is read by every member when public, else by org admins only. */
export const mayReadSetting = (auth: AuthContext, def: SettingDefinition): boolean =>
  def.read === 'public' || isOrgAdmin(auth.role);

/** The server's own values: public ones for everyone, the others by the role the catalogue names. */
export function mayReadSystemSetting(auth: AuthContext, name: SystemSettingName): boolean {
  switch (SYSTEM_SETTINGS[name]) {
    case 'public':
      return true;
    case 'spaceAdmin':
      return isSpaceAdmin(auth.role);
    case 'admin':
      return isOrgAdmin(auth.role);
  }
}
