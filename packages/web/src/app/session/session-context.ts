import { createContext, useContext } from 'react';
import type { SignedInSession } from './session-data';
import type { WebApi } from './web-client';

/** Why nobody is signed in: it decides whether the sign-in page should lead back afterwards. */
export type SignedOutReason = 'none' | 'expired' | 'signedOut';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signedOut'; reason: SignedOutReason }
  /** Signed in before, but the server could not be reached at start; `retry` tries again. */
  | { status: 'unreachable' }
  | { status: 'signedIn'; session: SignedInSession };

export interface SessionContextValue {
  state: SessionState;
  api: WebApi;
  /** Call after the client has accepted new credentials: loads the user and the settings. */
  completeSignIn(): Promise<void>;
  /** Ends the session on the server and here; follows the sign-in provider's logout URL if any. */
  signOut(): Promise<void>;
  /** Runs the session start again (after the server could not be reached). */
  retry(): Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** The signed-in session; only for components rendered behind the sign-in guard. */
export function useSignedInSession(): SignedInSession {
  const { state } = useSession();
  if (state.status !== 'signedIn') throw new Error('useSignedInSession needs a signed-in user');
  return state.session;
}
