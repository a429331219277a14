import type { User } from '@perch/contract';
import { isServiceAccount } from '@perch/contract/values';

/**
 * Whether a user signs in with a password but has none yet: invited and not accepted, or created
 * without one (and not bound to a sign-in provider). Only they can get an invitation; service
 * accounts never sign in with one.
 */
export function awaitsPassword(
  user: Pick<User, 'role' | 'passwordPending' | 'requirePassword' | 'authProviderId'>,
): boolean {
  if (isServiceAccount(user.role)) return false;
  return user.passwordPending || (!user.requirePassword && !user.authProviderId);
}
