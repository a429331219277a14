import type { AuthErrorCode, AuthMethod } from '@perch/contract';
import type { AppDeps } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, errorWithBody, forbidden, HttpError, unauthorized } from '../../http/errors.js';
import type { RequestInfo } from '../../http/route.js';
import type { AuthAttemptOutcome } from '../auth-attempts/index.js';
import { checkUnderLock, factorLockedError, findFactorLock, type FactorLocked } from './factor-locks.js';
import { passkeyChallengeFor, verifyPasskeySecondFactor } from './passkey-login.js';
import { useRecoveryCode } from './recovery-codes.js';
import { claimTotpStep, countPasskeys } from './repo.js';
import { checkTotpCode } from './totp.js';

/**
 * The second factor of a password sign-in, after the password passed:
 * a passkey answer when the account has passkeys, else a TOTP code (or a recovery code) when it
 * has TOTP. Failures are logged, counted toward the sign-in throttle and toward the factor's lock
 * (factor-locks.ts); a locked factor is refused unchecked and logged; asking for a factor is
 * neither.
 */

export interface SecondFactorInput {
  /** A TOTP code, or one of the account's recovery codes. */
  code?: string | undefined;
  /** The state of the passkey challenge an earlier 401 carried, and the browser's answer to it. */
  passkeyStateId?: string | undefined;
  passkeyCredential?: unknown;
  /** The request's host: passkey answers are only valid on the organisation's primary domain. */
  host?: Pick<RequestInfo, 'host' | 'authority' | 'protocol'> | undefined;
}

/** What the password sign-in lends this step: its sign-in log and its throttle. */
export interface SignInHooks {
  report(method: AuthMethod, outcome: AuthAttemptOutcome): Promise<void>;
  /** Counts a failed attempt toward the throttle. */
  failed(): Promise<void>;
}

/**
 * Writes a checked failure, counts it, and returns the error to answer with: the lock's when
 * this failure locked the factor.
 */
async function failure(
  hooks: SignInHooks,
  method: AuthMethod,
  errorCode: AuthErrorCode,
  errorDetail: string,
  error: HttpError,
  lockedNow: FactorLocked | null,
): Promise<HttpError> {
  const detail = lockedNow ? `${errorDetail}; ${lockedNow.detail}` : errorDetail;
  await hooks.report(method, { successful: false, errorCode, errorDetail: detail });
  await hooks.failed();
  return lockedNow ? factorLockedError(lockedNow) : error;
}

/** Writes the refusal of a locked factor (nothing was checked, so nothing is counted). */
async function lockedRefusal(hooks: SignInHooks, method: AuthMethod, locked: FactorLocked): Promise<HttpError> {
  await hooks.report(method, { successful: false, errorCode: 'second_factor_locked', errorDetail: locked.detail });
  return factorLockedError(locked);
}

/** A TOTP code's verdict; a right code is claimed in the database, so it works once across processes. */
async function checkTotp(deps: AppDeps, user: UserRow, code: string): Promise<'ok' | 'invalid' | 'replay'> {
  const secret = deps.secrets.decrypt(user.totp_secret!);
  const check = secret === null ? { valid: false as const } : await checkTotpCode(secret, code);
  if (!check.valid) return 'invalid';
  return (await claimTotpStep(deps.db, user.id, check.step)) ? 'ok' : 'replay';
}

/**
 * Checks the second factor of an account whose password passed. Returns how the sign-in
 * succeeded (`password` when the account has no second factor); throws the answer otherwise.
 */
export async function checkSecondFactor(
  deps: AppDeps,
  user: UserRow,
  input: SecondFactorInput,
  hooks: SignInHooks,
): Promise<AuthMethod> {
  const hasPasskeys = (await countPasskeys(deps.db, user.id)) > 0;
  const hasTotp = user.totp_secret !== null;

  // Row 7: an answer to an earlier passkey challenge; TOTP is then not asked for.
  if (hasPasskeys && input.passkeyStateId && input.passkeyCredential) {
    const passkey = await checkUnderLock(
      deps,
      user,
      'passkey',
      () =>
        verifyPasskeySecondFactor(deps, user, {
          stateId: input.passkeyStateId!,
          credential: input.passkeyCredential,
          host: input.host,
        }),
      (v) => !v.ok,
    );
    if ('locked' in passkey) throw await lockedRefusal(hooks, 'passkey_2fa', passkey.locked);
    const { verdict, lockedNow } = passkey;
    if (verdict.ok) return 'passkey_2fa';
    const error =
      verdict.status === 403
        ? forbidden('This passkey challenge belongs to another sign-in')
        : new HttpError(404, 'Passkey check failed');
    throw await failure(hooks, 'passkey_2fa', verdict.code, verdict.detail, error, lockedNow);
  }

  // Row 8: a passkey is needed (unless a TOTP code stands in for it). A locked passkey is not
  // asked for: the TOTP code is, when the account has TOTP.
  if (hasPasskeys && !(input.code && hasTotp)) {
    const passkeyLock = await findFactorLock(deps, user.id, 'passkey');
    if (passkeyLock && !hasTotp) throw await lockedRefusal(hooks, 'passkey_2fa', passkeyLock);
    const challenge = passkeyLock ? null : await passkeyChallengeFor(deps, user);
    if (challenge) throw errorWithBody(401, 'A passkey is needed to sign in', challenge);
    if (!hasTotp) {
      const detail = 'The organisation has no primary domain to check passkeys against';
      await hooks.report('passkey_2fa', { successful: false, errorCode: 'internal_error', errorDetail: detail });
      throw forbidden(detail);
    }
  }

  // Row 9: TOTP, or a recovery code in its place; each counted apart.
  if (!hasTotp) return 'password';
  const code = input.code?.trim();
  if (!code) throw unauthorized('A code from your authenticator app is needed');
  if (/^\d{6}$/.test(code)) {
    const totp = await checkUnderLock(
      deps,
      user,
      'totp',
      () => checkTotp(deps, user, code),
      (v) => v !== 'ok',
    );
    if ('locked' in totp) throw await lockedRefusal(hooks, 'totp', totp.locked);
    if (totp.verdict === 'ok') return 'totp';
    if (totp.verdict === 'invalid')
      throw await failure(hooks, 'totp', 'totp_invalid', 'Wrong code', badRequest('Wrong code'), totp.lockedNow);
    throw await failure(
      hooks,
      'totp',
      'totp_replay',
      'The code was used already',
      badRequest('This code was used already; wait for the next one'),
      totp.lockedNow,
    );
  }
  const recovery = await checkUnderLock(
    deps,
    user,
    'recovery',
    () => useRecoveryCode(deps.db, user.id, code),
    (used) => !used,
  );
  if ('locked' in recovery) throw await lockedRefusal(hooks, 'totp', recovery.locked);
  if (recovery.verdict) return 'totp';
  const detail = 'Not a valid or unused recovery code';
  throw await failure(hooks, 'totp', 'totp_invalid', detail, badRequest('Wrong code'), recovery.lockedNow);
}
