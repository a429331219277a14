import { ApiError } from '@perch/client';
import { apiErrorMessage } from '../../app/api-error-message';
import type { Message } from '../../i18n';

const SECONDS_PER_MINUTE = 60;

/** What went wrong when asking for a mail with a link: throttled (with the minutes to wait, when known) or a message. */
export type LinkRequestFailure = { throttledMinutes: number | null } | { message: Message };

/**
 * `POST /auth/initpwreset` answers 204 whether or not the account exists, so a failure never
 * says anything about the address: it was throttled (429), password sign-in is off (404), or the
 * request did not get through.
 */
export function linkRequestFailure(error: unknown): LinkRequestFailure {
  if (error instanceof ApiError && !error.isNetworkError) {
    if (error.status === 429) {
      const seconds = error.retryAfterSeconds;
      return { throttledMinutes: seconds ? Math.max(1, Math.ceil(seconds / SECONDS_PER_MINUTE)) : null };
    }
    if (error.status === 404) return { message: { key: 'resetNotAvailable' } };
  }
  return { message: { key: 'initPasswordResetFailed' } };
}

/** The status of a failed call, or 0 when it is not an answer of the server. */
export function statusOf(error: unknown): number {
  return error instanceof ApiError ? error.status : 0;
}

/**
 * What the page says when setting the password through a link failed for another reason than
 * the link being gone: a weak password (400) is said at the field instead.
 */
export function setPasswordFailure(error: unknown): Message {
  if (statusOf(error) === 429) return { key: 'errorTooManyRequests' };
  return apiErrorMessage(error);
}
