import { ErrorCode, isComplexPassword, isServiceAccount } from '@perch/contract';
import type { AppDeps } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, HttpError, tooManyRequests, unauthorized } from '../../http/errors.js';
import { deviceLabel } from '../../lib/device.js';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/password.js';
import { findUserByEmail, updateUser } from '../users/repo.js';
import { createSession, issueCredentials, type IssuedTokens } from './sessions.js';
import { blockedFor, recordFailure, recordSuccess, throttleKeys } from './throttle.js';

/** A password sign-in: the form's fields and the facts of the request it came in with. */
export interface PasswordAttempt {
  organizationId: string;
  email: string;
  password: string;
  /** The client's address (failed attempts are throttled per address). */
  ip: string;
  /** The client's `User-Agent`, which names the session's device. */
  userAgent: string | undefined;
}

const loginFailed = () => badRequest('Sign-in failed: wrong email or password');

/**
 * Checks an email and password the way every password sign-in does: throttling first, then
 * the account and the password. Returns the user; failures are counted for the throttle.
 */
async function checkPassword(deps: AppDeps, a: PasswordAttempt): Promise<UserRow> {
  const orgId = a.organizationId.toLowerCase();
  const keys = throttleKeys(orgId, a.email, a.ip);
  const wait = await blockedFor(deps, keys);
  if (wait > 0) throw tooManyRequests(wait, 'Too many failed sign-in attempts; try again later');
  const user = await findUserByEmail(deps.db, orgId, a.email);
  const usable =
    user &&
    user.password_hash !== null &&
    !user.password_pending &&
    user.auth_provider_id === null &&
    !user.disabled &&
    !isServiceAccount(user.role);
  const cost = deps.config.PASSWORD_HASH_COST;
  const stored = usable ? (user.password_hash as string) : await dummyPasswordHash(cost);
  const ok = await verifyPassword(a.password, stored);
  if (!usable || !ok) {
    await recordFailure(deps, keys);
    throw loginFailed();
  }
  await recordSuccess(deps, keys);
  // A hash from before the cost was raised is replaced now that the password is at hand.
  if (needsRehash(stored, cost)) {
    const upgraded = await hashPassword(a.password, cost);
    await deps.db
      .updateTable('users')
      .set({ password_hash: upgraded })
      .where('id', '=', user.id)
      .where('password_hash', '=', stored)
      .execute();
    return { ...user, password_hash: upgraded };
  }
  return user;
}

async function startSession(deps: AppDeps, user: UserRow, userAgent: string | undefined): Promise<IssuedTokens> {
  return inTransaction(deps, async (tx) => {
    await updateUser(tx.db, user.id, { last_activity_at: new Date() });
    const sessionId = await createSession(tx, user.id, deviceLabel(userAgent), deps.config.MAX_SESSIONS_PER_USER);
    return issueCredentials(tx, user, sessionId);
  });
}

/** Signs in with email and password (public). */
export async function passwordLogin(deps: AppDeps, a: PasswordAttempt): Promise<IssuedTokens> {
  if (deps.config.DISABLE_PASSWORD_LOGIN) throw new HttpError(404, 'Password sign-in is disabled');
  const user = await checkPassword(deps, a);
  if (user.password_update_required)
    throw unauthorized('A new password must be set before signing in', ErrorCode.PasswordUpdateRequired);
  return startSession(deps, user, a.userAgent);
}

/** The forced password change after an admin set a password: old one in, new one set, signed in (public). */
export async function updatePasswordAndLogin(
  deps: AppDeps,
  a: PasswordAttempt & { newPassword: string },
): Promise<IssuedTokens> {
  if (deps.config.DISABLE_PASSWORD_LOGIN) throw new HttpError(404, 'Password sign-in is disabled');
  if (a.newPassword === a.password) throw badRequest('The new password must differ from the old one');
  if (!isComplexPassword(a.newPassword))
    throw badRequest('The password must have 8–64 characters with upper- and lower-case letters, a digit and a symbol');
  const user = await checkPassword(deps, a);
  if (!user.password_update_required) throw badRequest('No password change is pending for this account');
  const hash = await hashPassword(a.newPassword, deps.config.PASSWORD_HASH_COST);
  await updateUser(deps.db, user.id, { password_hash: hash, password_update_required: false });
  return startSession(deps, { ...user, password_hash: hash, password_update_required: false }, a.userAgent);
}
