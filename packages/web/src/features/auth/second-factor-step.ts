import type { LoginResult } from '@perch/client';
import type { TicketSecondFactor } from '@perch/contract';
import type { Message } from '../../i18n';
import type { SecondFactorKind } from './second-factor-errors';

/** What a second-factor step sends: a code, or the passkey's answer to a challenge; empty asks anew. */
export type SecondFactorAnswer = TicketSecondFactor;

/**
 * How a second-factor step reaches the server, so the same steps serve the password sign-in
 * (`POST /auth/login` again, with the password) and a provider's or the wiki's ticket
 * (`POST /auth/verify/:id`). `send` signs in and answers what the server said; it throws what the
 * server refused, which `errorMessage` (when given) puts into words.
 */
export interface SecondFactorChannel {
  send: (answer: SecondFactorAnswer) => Promise<LoginResult>;
  errorMessage?: (error: unknown, kind: SecondFactorKind) => Message;
}
