import type { Preference } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../../app/session/session-context';
import { useApiClient } from '../../../shared/api/use-api-client';

/**
 * Saves preferences in one call (the server applies all or none), then reloads the session so
 * every screen uses the new values at once.
 */
export function useSavePreferences() {
  const client = useApiClient();
  const { completeSignIn } = useSession();
  return useMutation({
    mutationFn: async (changes: Preference[]) => {
      await client.call(routes.preference.saveAll, { body: changes });
      await completeSignIn();
    },
  });
}
