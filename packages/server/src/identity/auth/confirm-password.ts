import type { AppDeps } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { forbidden, serviceUnavailable, tooManyRequests } from '../../http/errors.js';
import type { RequestInfo } from '../../http/route.js';
import { PasswordChecksBusy } from '../../lib/password-check-queue.js';
import { verifyPassword } from '../../lib/password.js';
import { recordFailure, recordSuccess, throttleKeys, throttleState } from '../sign-in-throttle/index.js';

/**
 * A signed-in person confirms a consequential step with their password (accepting an account
 * merge): throttled and counted like a sign-in, so a stolen session cannot guess it freely, and
 * checked in its turn among the process's password checks. Throws 403 for a wrong password.
 */
export async function confirmPassword(
  deps: AppDeps,
  user: Pick<UserRow, 'organization_id' | 'email' | 'password_hash'>,
  password: string,
  request: Pick<RequestInfo, 'ip'>,
): Promise<void> {
  const keys = throttleKeys(user.organization_id, user.email, request.ip);
  const { waitSeconds, failedBefore } = await throttleState(deps, keys);
  if (waitSeconds > 0) throw tooManyRequests(waitSeconds, 'Too many wrong passwords; try again later');
  let ok = false;
  try {
    const stored = user.password_hash;
    ok =
      stored !== null &&
      (await deps.passwordChecks.run(keys.range, () => verifyPassword(password, stored), { failedBefore }));
  } catch (e) {
    if (e instanceof PasswordChecksBusy)
      throw serviceUnavailable(e.retryAfterSeconds, 'Too many sign-ins at once; try again in a few seconds');
    throw e;
  }
  if (!ok) {
    await recordFailure(deps, keys);
    throw forbidden('The password is not right');
  }
  await recordSuccess(deps, keys);
}
