import type { AuthErrorCode, AuthMethod } from '@perch/contract';
import type { AppDeps } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, errorWithBody, forbidden, HttpError, unauthorized } from '../../http/errors.js';
import type { RequestInfo } from '../../http/route.js';
import type { AuthAttemptOutcome } from '../auth-attempts/service.js';
import { passkeyChallengeFor, verifyPasskeySecondFactor } from './passkey-login.js';
import { useRecoveryCode } from './recovery-codes.js';
import { claimTotpStep, countPasskeys } from './repo.js';
import { checkTotpCode } from './totp.js';

/**
 * The second factor of a password sign-in, after the password passed (reference §1.3 rows 7–9):
 * a passkey answer when the account has passkeys, else a TOTP code (or a recovery code) when it
 * has TOTP. Failures are logged and counted toward the sign-in throttle; asking for a factor is
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

/** Writes the failure, counts it, and returns the error to answer with. */
async function failure(
  hooks: SignInHooks,
  method: AuthMethod,
  errorCode: AuthErrorCode,
  errorDetail: string,
  error: HttpError,
): Promise<HttpError> {
  await hooks.report(method, { successful: false, errorCode, errorDetail });
  await hooks.failed();
  return error;
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
    const verdict = await verifyPasskeySecondFactor(deps, user, {
      stateId: input.passkeyStateId,
      credential: input.passkeyCredential,
      host: input.host,
    });
    if (verdict.ok) return 'passkey_2fa';
    const error =
      verdict.status === 403
        ? forbidden('This passkey challenge belongs to another sign-in')
        : new HttpError(404, 'Passkey check failed');
    throw await failure(hooks, 'passkey_2fa', verdict.code, verdict.detail, error);
  }

  // Row 8: a passkey is needed (unless a TOTP code stands in for it).
  if (hasPasskeys && !(input.code && hasTotp)) {
    const challenge = await passkeyChallengeFor(deps, user);
    if (challenge) throw errorWithBody(401, 'A passkey is needed to sign in', challenge);
    if (!hasTotp) {
      const detail = 'The organisation has no primary domain to check passkeys against';
      await hooks.report('passkey_2fa', { successful: false, errorCode: 'internal_error', errorDetail: detail });
      throw forbidden(detail);
    }
  }

  // Row 9: TOTP.
  if (!hasTotp) return 'password';
  const code = input.code?.trim();
  if (!code) throw unauthorized('A code from your authenticator app is needed');
  if (/^\d{6}$/.test(code)) {
    const secret = deps.secrets.decrypt(user.totp_secret!);
    const check = secret === null ? { valid: false as const } : await checkTotpCode(secret, code);
    if (!check.valid) throw await failure(hooks, 'totp', 'totp_invalid', 'Wrong code', badRequest('Wrong code'));
    // Claimed in the database: a code works once, whichever server process sees it first.
    if (!(await claimTotpStep(deps.db, user.id, check.step)))
      throw await failure(
        hooks,
        'totp',
        'totp_replay',
        'The code was used already',
        badRequest('This code was used already; wait for the next one'),
      );
    return 'totp';
  }
  if (await useRecoveryCode(deps.db, user.id, code)) return 'totp';
  throw await failure(hooks, 'totp', 'totp_invalid', 'Not a valid or unused recovery code', badRequest('Wrong code'));
}
