import { ApiError } from '@perch/client';
import { ErrorCode } from '@perch/contract/values';
import i18next from 'i18next';
import type { Message, MessageKey } from '../../i18n';

/**
 * A second factor the server refuses unchecked: too many failures of the account, from any
 * address, locked it (429 with application code 5003 and `Retry-After`). The screen says until
 * when, so the person knows whether to wait or to use another factor.
 */

const MINUTE_MS = 60_000;

/**
 * When the lock ends, on the device's clock in the app's language, rounded up to the minute (so
 * trying at the time shown works): the time, with the weekday when it is not today.
 */
export function lockEndText(retryAfterSeconds: number | null, now = new Date(), language = i18next.language): string {
  const end = new Date(Math.ceil((now.getTime() + (retryAfterSeconds ?? 0) * 1000) / MINUTE_MS) * MINUTE_MS);
  const today = end.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(language || undefined, {
    ...(today ? {} : { weekday: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(end);
}

/**
 * The message `key` with the time the lock ends, when a failed sign-in call was refused because a
 * second factor of the account is locked; else null.
 */
export function factorLockedMessage(error: unknown, key: MessageKey): Message | null {
  const locked =
    error instanceof ApiError &&
    !error.isNetworkError &&
    error.status === 429 &&
    error.appCode === ErrorCode.SecondFactorLocked;
  return locked ? { key, values: { time: lockEndText(error.retryAfterSeconds) } } : null;
}
