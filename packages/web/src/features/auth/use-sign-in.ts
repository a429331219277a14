import type { PerchClient } from '@perch/client';
import { useCallback } from 'react';
import { useSession } from '../../app/session/session-context';

/** Raised when the credentials were fine but the signed-in session could not be loaded. */
export class SessionLoadError extends Error {}

/**
 * Runs a call that yields credentials (password sign-in, new password), then loads the user.
 * If loading fails the fresh credentials are dropped again, so no half-signed-in state remains.
 */
export function useSignIn(): (obtainCredentials: (client: PerchClient) => Promise<unknown>) => Promise<void> {
  const { api, completeSignIn } = useSession();
  return useCallback(
    async (obtainCredentials) => {
      await obtainCredentials(api.client);
      try {
        await completeSignIn();
      } catch {
        api.client.clearCredentials();
        throw new SessionLoadError('The session could not be loaded after signing in');
      }
    },
    [api, completeSignIn],
  );
}
