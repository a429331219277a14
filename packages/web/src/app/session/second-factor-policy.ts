import type { UserMe } from '@perch/contract';
import { isSpaceAdmin } from '@perch/contract/values';
import type { ValueMap } from './session-data';

/**
 * Whether the account signs in with a password of its own. Accounts of a sign-in provider (no
 * password) get their second factor from the provider, so Perch's do not apply to them.
 */
export const signsInWithPassword = (user: UserMe): boolean => user.authProviderId === '' && user.requirePassword;

/** Whether the organisation's `enforce_totp` (1 everyone, 2 space admins and up) covers this user. */
export function secondFactorEnforced(user: UserMe, settings: ValueMap): boolean {
  const level = settings.enforce_totp;
  return level === '1' || (level === '2' && isSpaceAdmin(user.role));
}

/**
 * The user must set up a second factor before going on: it is required of them, they sign in
 * with a password, and they have neither an authenticator app nor a passkey.
 */
export function mustEnrolSecondFactor(user: UserMe, settings: ValueMap): boolean {
  return secondFactorEnforced(user, settings) && signsInWithPassword(user) && !user.totpEnabled && !user.hasPasskeys;
}
