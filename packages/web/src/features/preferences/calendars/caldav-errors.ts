import { ApiError } from '@perch/client';

/**
 * The CalDAV endpoints answer a failed sign-in, an unreachable server or a missing calendar with
 * 404 (finding calendars) or 400 with the reason (connecting, testing): both mean "check the
 * address and the credentials".
 */
export function isCaldavFailure(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 400 || error.status === 404);
}

/** The server's own lead-in, which says what the translated message already says. */
const GENERIC_LEAD = /^CalDAV connection error[^:]*:\s*/i;

/**
 * The server's reason for a failed CalDAV call, when it sent one worth showing ("refused the user
 * name or password", "cannot be reached"), without the lead-in the translated message repeats.
 */
export function caldavDetail(error: unknown): string | null {
  if (!isCaldavFailure(error)) return null;
  const message = error.message.replace(GENERIC_LEAD, '').trim();
  // The client's own stand-in ("PUT /… failed with 400") says nothing the user can act on.
  return message === '' || / failed with \d{3}$/.test(message) ? null : message;
}
