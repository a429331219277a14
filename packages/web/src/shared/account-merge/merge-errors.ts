import { ApiError } from '@perch/client';
import { apiErrorMessage } from '../../app/api-error-message';
import type { Message } from '../../i18n';

/** Why a merge request could not be made (`POST /user/merge/init`). */
export function requestMergeErrorMessage(error: unknown): Message {
  if (error instanceof ApiError && !error.isNetworkError) {
    if (error.status === 404) return { key: 'mergeErrorUnknownAccount' };
    if (error.status === 403) return { key: 'mergeErrorNotWikiAccount' };
    if (error.status === 400) return { key: 'errorInvalidEmail' };
  }
  return apiErrorMessage(error);
}

/** Why accepting or declining a request did not work (`404`: expired, answered or not ours). */
export function answerMergeErrorMessage(error: unknown): Message {
  if (error instanceof ApiError && error.status === 404) return { key: 'mergeRequestGone' };
  return apiErrorMessage(error);
}

const SECONDS_PER_MINUTE = 60;

/**
 * Why accepting a request was refused. A 403 is about the confirmation: the password was wrong,
 * or (an account without one) the last sign-in is more than ten minutes old. Wrong passwords
 * count toward the sign-in throttle (429 with the wait).
 */
export function acceptMergeErrorMessage(error: unknown, withPassword: boolean): Message {
  if (error instanceof ApiError && !error.isNetworkError) {
    if (error.status === 403) return { key: withPassword ? 'mergeErrorWrongPassword' : 'mergeErrorSignInAgain' };
    if (error.status === 429 && error.retryAfterSeconds)
      return {
        key: 'errorTooManyAttempts',
        values: { count: Math.max(1, Math.ceil(error.retryAfterSeconds / SECONDS_PER_MINUTE)) },
      };
    // The server's password checks were all busy: nothing was checked, trying again is fine.
    if (error.status === 503 && withPassword) return { key: 'errorSignInBusy' };
  }
  return answerMergeErrorMessage(error);
}
