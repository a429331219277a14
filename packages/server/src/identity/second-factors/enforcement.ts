import { isSpaceAdmin } from '@perch/contract';
import type { Db } from '../../db/connection.js';
import type { UserRow } from '../../db/schema.js';
import { readSetting } from '../../organization/settings/index.js';

/**
 * The organisation setting `enforce_totp`: 0 off, 1 every user, 2 space admins and above. An
 * account bound to a sign-in provider is exempt: its provider decides how it signs in.
 */
export const EnforceSecondFactor = { Off: 0, Everyone: 1, SpaceAdmins: 2 } as const;

/** Whether the organisation requires a second factor of this user (then it cannot be removed). */
export async function secondFactorRequired(
  db: Db,
  user: Pick<UserRow, 'organization_id' | 'role' | 'auth_provider_id'>,
): Promise<boolean> {
  if (user.auth_provider_id !== null) return false;
  const mode = Number(await readSetting(db, user.organization_id, 'enforce_totp'));
  return mode === EnforceSecondFactor.Everyone || (mode === EnforceSecondFactor.SpaceAdmins && isSpaceAdmin(user.role));
}
