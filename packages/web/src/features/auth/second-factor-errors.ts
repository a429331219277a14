import { ApiError } from '@perch/client';
import { CEREMONY_MESSAGES, CeremonyError } from '../../shared/second-factor/webauthn';
import type { Message, MessageKey } from '../../i18n';
import { factorLockedMessage } from './second-factor-lock';
import { signInErrorMessage } from './sign-in-errors';

/** Which second factor a failed sign-in step used. */
export type SecondFactorKind = 'totp' | 'recovery' | 'passkey';

/** What is said when the factor used is locked for the account. */
const LOCKED: Record<SecondFactorKind, MessageKey> = {
  totp: 'secondFactorLockedTotp',
  recovery: 'secondFactorLockedRecovery',
  passkey: 'secondFactorLockedPasskey',
};

/**
 * What the sign-in screen says when the second step failed: a wrong code, a passkey that did
 * not verify or a cancelled prompt, the factor locked for the account; throttling and other
 * failures as for the password.
 */
export function secondFactorErrorMessage(error: unknown, kind: SecondFactorKind): Message {
  if (error instanceof CeremonyError) return { key: CEREMONY_MESSAGES[error.failure] };
  const locked = factorLockedMessage(error, LOCKED[kind]);
  if (locked) return locked;
  if (error instanceof ApiError && !error.isNetworkError && error.status !== 429) {
    if (kind === 'totp' && error.status === 400) return { key: 'totpCodeWrongSignIn' };
    if (kind === 'recovery' && error.status === 400) return { key: 'recoveryCodeWrong' };
    // An expired or used challenge, an assertion that did not verify, another account's passkey.
    if (kind === 'passkey' && [400, 401, 403, 404].includes(error.status)) return { key: 'passkeyLoginFailed' };
  }
  return signInErrorMessage(error, 'login');
}
