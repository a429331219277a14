import { ErrorCode, isComplexPassword, isServiceAccount, type AuthErrorCode } from '@perch/contract';
import type { AppDeps } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, HttpError, tooManyRequests, unauthorized } from '../../http/errors.js';
import { deviceLabel } from '../../lib/device.js';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/password.js';
import { recordAuthAttempt, type AuthAttemptOutcome } from '../auth-attempts/service.js';
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

/** Writes the outcome of a password attempt to the organisation's sign-in log. */
const recordOutcome = (deps: AppDeps, a: PasswordAttempt, userId: string | null, outcome: AuthAttemptOutcome) =>
  recordAuthAttempt(deps, {
    ...outcome,
    organizationId: a.organizationId.toLowerCase(),
    method: 'password',
    email: a.email,
    userId,
    clientAddress: a.ip,
    userAgent: a.userAgent,
  });

/** Why an account cannot sign in with a password (in the reference's order), or null when it can. */
function passwordRefusal(user: UserRow): AuthErrorCode | null {
  if (user.password_pending) return 'password_pending';
  if (user.password_hash === null) return 'no_password_set';
  if (user.auth_provider_id !== null) return 'bound_to_auth_provider';
  if (user.disabled) return 'user_disabled';
  if (isServiceAccount(user.role)) return 'service_account';
  return null;
}

/**
 * Checks an email and password the way every password sign-in does: throttling first, then
 * the account and the password. Returns the user; failures are counted for the throttle and
 * recorded in the sign-in log (the caller records the final outcome of a passed check).
 */
async function checkPassword(deps: AppDeps, a: PasswordAttempt): Promise<UserRow> {
  const orgId = a.organizationId.toLowerCase();
  const keys = throttleKeys(orgId, a.email, a.ip);
  const wait = await blockedFor(deps, keys);
  if (wait > 0) {
    const user = await findUserByEmail(deps.db, orgId, a.email);
    await recordOutcome(deps, a, user?.id ?? null, {
      successful: false,
      errorCode: 'throttled',
      errorDetail: `Blocked for ${wait} more seconds after repeated failures`,
    });
    throw tooManyRequests(wait, 'Too many failed sign-in attempts; try again later');
  }
  const user = await findUserByEmail(deps.db, orgId, a.email);
  const refused = user ? passwordRefusal(user) : 'user_not_found';
  // Unknown and unusable accounts cost a hash check too, so timing tells nothing about them.
  const cost = deps.config.PASSWORD_HASH_COST;
  const stored = user && refused === null ? (user.password_hash as string) : await dummyPasswordHash(cost);
  const ok = await verifyPassword(a.password, stored);
  if (!user || refused !== null || !ok) {
    await recordFailure(deps, keys);
    await recordOutcome(deps, a, user?.id ?? null, { successful: false, errorCode: refused ?? 'wrong_password' });
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
  if (user.password_update_required) {
    await recordOutcome(deps, a, user.id, { successful: false, errorCode: 'password_update_required' });
    throw unauthorized('A new password must be set before signing in', ErrorCode.PasswordUpdateRequired);
  }
  const tokens = await startSession(deps, user, a.userAgent);
  await recordOutcome(deps, a, user.id, { successful: true });
  return tokens;
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
  if (!user.password_update_required) {
    await recordOutcome(deps, a, user.id, { successful: false, errorCode: 'password_update_not_required' });
    throw badRequest('No password change is pending for this account');
  }
  const hash = await hashPassword(a.newPassword, deps.config.PASSWORD_HASH_COST);
  await updateUser(deps.db, user.id, { password_hash: hash, password_update_required: false });
  const tokens = await startSession(
    deps,
    { ...user, password_hash: hash, password_update_required: false },
    a.userAgent,
  );
  await recordOutcome(deps, a, user.id, { successful: true });
  return tokens;
}
