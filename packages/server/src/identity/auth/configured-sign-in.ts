import { isServiceAccount, isSuperAdmin, type AuthErrorCode } from '@perch/contract';
import type { UserRow } from '../../db/schema.js';

/**
 * The limits of every way in that an administrator sets up rather than the account's owner (a
 * sign-in provider, the team wiki): it vouches for people up to the role of the administrator who
 * last configured it, never for a super admin, and it takes over an account that has a password
 * only when the owner (signed in) or an administrator who manages the account links it. Without
 * these, an organisation admin could register a provider or sign a wiki token that names anyone,
 * the super admin included, and open a session as them.
 */

export interface ConfiguredSignInRefusal {
  code: AuthErrorCode;
  detail: string;
}

/** Why a way in configured by an administrator of `configuredByRole` may not sign this account in, or null. */
export function roleRefusal(user: Pick<UserRow, 'role'>, configuredByRole: number): ConfiguredSignInRefusal | null {
  if (isSuperAdmin(user.role))
    return {
      code: 'idp_role_too_high',
      detail: 'Super admins sign in with their own password (and second factor) only',
    };
  if (user.role > configuredByRole)
    return {
      code: 'idp_role_too_high',
      detail: "The account's role is above the role of the administrator who set this sign-in up",
    };
  return null;
}

/** Whether the account has a password: then it is linked to a provider or the wiki only explicitly. */
export const hasPassword = (user: Pick<UserRow, 'password_hash'>): boolean => user.password_hash !== null;

/** Why the wiki may not sign this account in, or null (checked again when the ticket is redeemed). */
export function wikiAccountRefusal(user: UserRow, configuredByRole: number): ConfiguredSignInRefusal | null {
  if (user.disabled) return { code: 'user_disabled', detail: 'The account is disabled' };
  if (isServiceAccount(user.role))
    return { code: 'service_account', detail: 'Service accounts cannot sign in interactively' };
  return roleRefusal(user, configuredByRole);
}
