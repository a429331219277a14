import { isServiceAccount, type AuthErrorCode } from '@perch/contract';
import type { UserRow } from '../../db/schema.js';

/**
 * Who may sign in with a password or a passkey: both belong to accounts that have a password.
 * (The session either gets is `openSession` in identity/sessions.)
 */

/** Why an account cannot sign in with its password or passkeys (in the reference's order), or null when it can. */
export function passwordRefusal(user: UserRow): AuthErrorCode | null {
  if (user.password_pending) return 'password_pending';
  if (user.password_hash === null) return 'no_password_set';
  if (user.auth_provider_id !== null) return 'bound_to_auth_provider';
  if (user.disabled) return 'user_disabled';
  if (isServiceAccount(user.role)) return 'service_account';
  return null;
}
