import { ApiError } from '@perch/client';
import { apiErrorMessage } from '../../app/api-error-message';
import type { Message } from '../../i18n';
import { secondFactorErrorMessage, type SecondFactorKind } from './second-factor-errors';
import { factorLockedMessage } from './second-factor-lock';
import { signInErrorMessage } from './sign-in-errors';

/**
 * The ticket itself was refused: gone (expired, used), the account may no longer sign in this
 * way, the subscription's limit. Null for anything else.
 */
function refusedTicket(error: unknown, embedded: boolean): Message | null {
  if (!(error instanceof ApiError) || error.isNetworkError) return null;
  // Inside the team wiki the ticket came from the wiki page: signing in again means reloading it.
  if (error.status === 404) return { key: embedded ? 'wikiFailedExpired' : 'providerTicketExpired' };
  if (error.status === 403) return { key: 'providerBoundElsewhere' };
  if (error.status === 402) return { key: 'errorSubscriptionLimit' };
  return null;
}

/** What went wrong while redeeming the ticket of a provider's or the wiki's sign-in. */
export function ticketErrorMessage(error: unknown, embedded: boolean): Message {
  const refused = refusedTicket(error, embedded);
  if (refused) return refused;
  // The account's only second factor is locked, or too many failures from this address.
  const locked = factorLockedMessage(error, 'secondFactorLocked');
  if (locked) return locked;
  if (error instanceof ApiError && !error.isNetworkError) {
    if (error.status === 429) return signInErrorMessage(error, 'login');
    if (error.status === 400) return { key: 'providerFailedLogin' };
  }
  return apiErrorMessage(error);
}

/**
 * What the second step after a provider or the wiki says when its answer was refused: as after
 * a password (a wrong code, the factor locked, throttled), except that the ticket may have run
 * out meanwhile. A passkey's 403 and 404 are about the passkey's challenge, not the ticket.
 */
export function ticketStepErrorMessage(error: unknown, kind: SecondFactorKind, embedded: boolean): Message {
  if (kind !== 'passkey') {
    const refused = refusedTicket(error, embedded);
    if (refused) return refused;
  }
  return secondFactorErrorMessage(error, kind);
}
