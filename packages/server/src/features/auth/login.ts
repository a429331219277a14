import { ErrorCode, isComplexPassword, isServiceAccount, type Credentials } from '@perch/contract';
import type { AppDeps } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, HttpError, tooManyRequests, unauthorized } from '../../http/errors.js';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../lib/password.js';
import { findUserByEmail } from '../users/repo.js';
import { createSession, issueCredentials } from './sessions.js';
import { blockedFor, recordFailure, recordSuccess, throttleKeys } from './throttle.js';

export interface PasswordAttempt {
  organizationId: string;
  email: string;
  password: string;
  ip: string;
  device: string;
}

const loginFailed = () => badRequest('Sign-in failed: wrong email or password');

/**
 * Checks an email and password the way every password sign-in does: throttling first, then
 * the account and the password. Returns the user; failures are counted for the throttle.
 */
async function checkPassword(deps: AppDeps, a: PasswordAttempt): Promise<UserRow> {
  const keys = throttleKeys(a.organizationId, a.email, a.ip);
  const wait = await blockedFor(deps.db, keys);
  if (wait > 0) throw tooManyRequests(wait, 'Too many failed sign-in attempts; try again later');
  const user = await findUserByEmail(deps.db, a.organizationId, a.email);
  const usable =
    user &&
    user.password_hash !== null &&
    !user.password_pending &&
    user.auth_provider_id === null &&
    !user.disabled &&
    !isServiceAccount(user.role);
  const ok = await verifyPassword(a.password, usable ? (user.password_hash as string) : DUMMY_PASSWORD_HASH);
  if (!usable || !ok) {
    await recordFailure(deps.db, deps.config, keys);
    throw loginFailed();
  }
  await recordSuccess(deps.db, keys);
  return user;
}

async function startSession(deps: AppDeps, user: UserRow, device: string): Promise<Credentials> {
  return deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ last_activity_at: new Date() }).where('id', '=', user.id).execute();
    const sessionId = await createSession(trx, user.id, device, deps.config.MAX_SESSIONS_PER_USER);
    return issueCredentials(deps, trx, user, sessionId);
  });
}

export async function passwordLogin(deps: AppDeps, a: PasswordAttempt): Promise<Credentials> {
  if (deps.config.DISABLE_PASSWORD_LOGIN) throw new HttpError(404, 'Password sign-in is disabled');
  const user = await checkPassword(deps, a);
  if (user.password_update_required)
    throw unauthorized('A new password must be set before signing in', ErrorCode.PasswordUpdateRequired);
  return startSession(deps, user, a.device);
}

/** The forced password change after an admin set a password: old one in, new one set, signed in. */
export async function updatePasswordAndLogin(
  deps: AppDeps,
  a: PasswordAttempt & { newPassword: string },
): Promise<Credentials> {
  if (deps.config.DISABLE_PASSWORD_LOGIN) throw new HttpError(404, 'Password sign-in is disabled');
  if (a.newPassword === a.password) throw badRequest('The new password must differ from the old one');
  if (!isComplexPassword(a.newPassword))
    throw badRequest('The password must have 8–64 characters with upper- and lower-case letters, a digit and a symbol');
  const user = await checkPassword(deps, a);
  if (!user.password_update_required) throw badRequest('No password change is pending for this account');
  const hash = await hashPassword(a.newPassword);
  await deps.db
    .updateTable('users')
    .set({ password_hash: hash, password_update_required: false })
    .where('id', '=', user.id)
    .execute();
  return startSession(deps, { ...user, password_hash: hash, password_update_required: false }, a.device);
}
