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
