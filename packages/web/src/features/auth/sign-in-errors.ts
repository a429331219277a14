import { ApiError } from '@perch/client';
import { ErrorCode } from '@perch/contract/values';
import { apiErrorMessage } from '../../app/api-error-message';
import type { Message } from '../../i18n';

export type SignInCall = 'preflight' | 'login' | 'updatePassword';

const SECONDS_PER_MINUTE = 60;

/**
 * What the sign-in screen says about a failed call. Wrong credentials are one message for
 * every cause, so the form does not reveal which accounts exist.
 */
export function signInErrorMessage(error: unknown, call: SignInCall): Message {
  if (!(error instanceof ApiError) || error.isNetworkError) return { key: 'errorUnknown' };
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
  if (call === 'login' && [400, 401, 404].includes(error.status)) return { key: 'errorLoginFailed' };
  if (call === 'updatePassword' && error.appCode === ErrorCode.PasswordSameAsCurrent)
    return { key: 'errorPasswordSameAsCurrent' };
  if (call === 'updatePassword' && [400, 401].includes(error.status)) return { key: 'errorInvalidPassword' };
  return apiErrorMessage(error);
}
