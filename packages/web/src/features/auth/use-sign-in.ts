import type { PerchClient } from '@perch/client';
import { useCallback } from 'react';
import { useSession } from '../../app/session/session-context';

/** Raised when the credentials were fine but the signed-in session could not be loaded. */
export class SessionLoadError extends Error {}

/** A sign-in call's answer that asks for a second factor: nothing was stored yet. */
function asksForSecondFactor(result: unknown): boolean {
  if (typeof result !== 'object' || result === null || !('status' in result)) return false;
  return result.status === 'totpRequired' || result.status === 'passkeyRequired';
}

/**
 * Runs a call that yields credentials (password sign-in, second factor, passkey, new password),
 * then loads the user, and answers what the call answered. When the call asks for a second factor
 * instead, nothing is loaded yet. If loading fails the fresh credentials are dropped again, so no
 * half-signed-in state remains.
 */
export function useSignIn(): <T>(obtainCredentials: (client: PerchClient) => Promise<T>) => Promise<T> {
  const { api, completeSignIn } = useSession();
  return useCallback(
    async <T>(obtainCredentials: (client: PerchClient) => Promise<T>): Promise<T> => {
      const result = await obtainCredentials(api.client);
      if (asksForSecondFactor(result)) return result;
      try {
        await completeSignIn();
      } catch {
        api.client.clearCredentials();
        throw new SessionLoadError('The session could not be loaded after signing in');
      }
      return result;
    },
    [api, completeSignIn],
  );
}
