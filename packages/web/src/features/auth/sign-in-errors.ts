import { ApiError } from '@perch/client';
import { ErrorCode } from '@perch/contract/values';
import { apiErrorMessage } from '../../app/api-error-message';
import type { Message } from '../../i18n';
import { factorLockedMessage } from './second-factor-lock';

export type SignInCall = 'preflight' | 'login' | 'updatePassword';

const SECONDS_PER_MINUTE = 60;

/**
 * What the sign-in screen says about a failed call. Wrong credentials are one message for
 * every cause, so the form does not reveal which accounts exist.
 */
export function signInErrorMessage(error: unknown, call: SignInCall): Message {
  if (!(error instanceof ApiError) || error.isNetworkError) return { key: 'errorUnknown' };
  // A step that named no factor (the password, a new password) refused for a locked one.
  const locked = factorLockedMessage(error, 'secondFactorLocked');
  if (locked) return locked;
  if (error.status === 429) {
    const retryAfterSeconds = error.retryAfterSeconds;
    if (!retryAfterSeconds) return { key: 'errorTooManyRequests' };
    return {
      key: 'errorTooManyAttempts',
      values: { count: Math.max(1, Math.ceil(retryAfterSeconds / SECONDS_PER_MINUTE)) },
    };
  }
  if (call === 'preflight') {
    if (error.status === 404) return { key: 'errorOrgNotFound' };
    if (error.status === 400) return { key: 'errorInvalidEmail' };
  }
  // The server's password checks were all busy: this attempt was not checked and may simply be repeated.
  if (call !== 'preflight' && error.status === 503) return { key: 'errorSignInBusy' };
  if (call === 'login' && [400, 401, 404].includes(error.status)) return { key: 'errorLoginFailed' };
  if (call === 'updatePassword' && error.appCode === ErrorCode.PasswordSameAsCurrent)
    return { key: 'errorPasswordSameAsCurrent' };
  if (call === 'updatePassword' && [400, 401].includes(error.status)) return { key: 'errorInvalidPassword' };
  return apiErrorMessage(error);
}
