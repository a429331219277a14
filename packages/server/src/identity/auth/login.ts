import { ErrorCode, isComplexPassword, type AuthMethod } from '@perch/contract';
import type { AppDeps } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, HttpError, serviceUnavailable, tooManyRequests, unauthorized } from '../../http/errors.js';
import { PasswordChecksBusy } from '../../lib/password-check-queue.js';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/password.js';
import { recordAuthAttempt, type AuthAttemptOutcome } from '../auth-attempts/index.js';
import { checkSecondFactor, type SecondFactorInput, type SignInHooks } from '../second-factors/index.js';
import { findUserByEmail, updateUser } from '../accounts/index.js';
import { passwordRefusal } from '../accounts/index.js';
import { openSession, type IssuedTokens } from '../sessions/index.js';
import {
  recordFailure,
  recordRangeAttempt,
  recordSuccess,
  throttleKeys,
  throttleState,
  type ThrottleKeys,
} from '../sign-in-throttle/index.js';

/**
 * A password sign-in: the form's fields (a second factor among them, when the account has one)
 * and the facts of the request it came in with.
 */
export interface PasswordAttempt extends SecondFactorInput {
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
const recordOutcome = (
  deps: AppDeps,
  a: PasswordAttempt,
  userId: string | null,
  outcome: AuthAttemptOutcome,
  method: AuthMethod = 'password',
) =>
  recordAuthAttempt(deps, {
    ...outcome,
    organizationId: a.organizationId.toLowerCase(),
    method,
    email: a.email,
    userId,
    clientAddress: a.ip,
    userAgent: a.userAgent,
  });

/**
 * Checks an email and password the way every password sign-in does: throttling first (reads
 * only, before any hash), then the account, then the password in its turn among the process's
 * password checks (503 when they are too busy to take it soon). Returns the user and the
 * throttle keys; failures are counted for the throttle and recorded in the sign-in log (the
 * caller records the final outcome of a passed check, and clears the count only once the whole
 * sign-in, second factor included, succeeded: a known password alone does not buy fresh
 * guesses at the second factor).
 */
async function checkPassword(deps: AppDeps, a: PasswordAttempt): Promise<{ user: UserRow; keys: ThrottleKeys }> {
  const orgId = a.organizationId.toLowerCase();
  const keys = throttleKeys(orgId, a.email, a.ip);
  const { waitSeconds: wait, failedBefore } = await throttleState(deps, keys);
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
  const stored = user && refused === null ? (user.password_hash as string) : await dummyPasswordHash(deps.config);
  let ok: boolean;
  try {
    ok = await deps.passwordChecks.run(keys.range, () => verifyPassword(a.password, stored), { failedBefore });
  } catch (e) {
    if (!(e instanceof PasswordChecksBusy)) throw e;
    // Not checked, so no failure; but a flood of made-up accounts spends its network's budget.
    await recordRangeAttempt(deps, keys, refused !== null);
    await recordOutcome(deps, a, user?.id ?? null, {
      successful: false,
      errorCode: 'busy',
      errorDetail: `Not checked: too many password checks at once; asked to retry after ${e.retryAfterSeconds} s`,
    });
    throw serviceUnavailable(e.retryAfterSeconds, 'Too many sign-ins at once; try again in a few seconds');
  }
  if (!user || refused !== null || !ok) {
    await recordFailure(deps, keys, refused !== null);
    await recordOutcome(deps, a, user?.id ?? null, { successful: false, errorCode: refused ?? 'wrong_password' });
    throw loginFailed();
  }
  // A hash from before the cost was raised (or a scrypt one) is replaced now that the password is at hand.
  if (needsRehash(stored, deps.config)) {
    const upgraded = await hashPassword(a.password, deps.config);
    await deps.db
      .updateTable('users')
      .set({ password_hash: upgraded })
      .where('id', '=', user.id)
      .where('password_hash', '=', stored)
      .execute();
    return { user: { ...user, password_hash: upgraded }, keys };
  }
  return { user, keys };
}

/** The sign-in log and throttle of one attempt, lent to the second-factor step. */
const hooksOf = (deps: AppDeps, a: PasswordAttempt, userId: string, keys: ThrottleKeys): SignInHooks => ({
  report: (method, outcome) => recordOutcome(deps, a, userId, outcome, method),
  failed: () => recordFailure(deps, keys),
});

/**
 * Signs in with email and password (public), and the second factor when the account has one:
 * a 401 asks for it, with a passkey challenge as its body when the account has passkeys.
 */
export async function passwordLogin(deps: AppDeps, a: PasswordAttempt): Promise<IssuedTokens> {
  if (deps.config.DISABLE_PASSWORD_LOGIN) throw new HttpError(404, 'Password sign-in is disabled');
  const { user, keys } = await checkPassword(deps, a);
  if (user.password_update_required) {
    await recordOutcome(deps, a, user.id, { successful: false, errorCode: 'password_update_required' });
    throw unauthorized('A new password must be set before signing in', ErrorCode.PasswordUpdateRequired);
  }
  const method = await checkSecondFactor(deps, user, a, hooksOf(deps, a, user.id, keys));
  const tokens = await openSession(deps, user, a.userAgent);
  await recordSuccess(deps, keys);
  await recordOutcome(deps, a, user.id, { successful: true }, method);
  return tokens;
}

/**
 * The forced password change after an admin set a password: old one in, new one set, signed in
 * (public). It is a sign-in, so an account with a second factor needs it here too.
 */
export async function updatePasswordAndLogin(
  deps: AppDeps,
  a: PasswordAttempt & { newPassword: string },
): Promise<IssuedTokens> {
  if (deps.config.DISABLE_PASSWORD_LOGIN) throw new HttpError(404, 'Password sign-in is disabled');
  if (a.newPassword === a.password)
    throw badRequest('The new password must differ from the current one', ErrorCode.PasswordSameAsCurrent);
  if (!isComplexPassword(a.newPassword))
    throw badRequest('The password must have 8–64 characters with upper- and lower-case letters, a digit and a symbol');
  const { user, keys } = await checkPassword(deps, a);
  if (!user.password_update_required) {
    await recordOutcome(deps, a, user.id, { successful: false, errorCode: 'password_update_not_required' });
    throw badRequest('No password change is pending for this account');
  }
  const method = await checkSecondFactor(deps, user, a, hooksOf(deps, a, user.id, keys));
  const hash = await hashPassword(a.newPassword, deps.config);
  await updateUser(deps.db, user.id, { password_hash: hash, password_update_required: false });
  const tokens = await openSession(deps, user, a.userAgent);
  await recordSuccess(deps, keys);
  await recordOutcome(deps, a, user.id, { successful: true }, method);
  return tokens;
}
