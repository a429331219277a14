import type { Preference } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSession } from '../../../app/session/session-context';
import { useApiClient } from '../../../shared/api/use-api-client';
import { preferenceKeys } from './query-keys';

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

/** The time zones the user may choose. */
export function useTimezones() {
  const client = useApiClient();
  return useQuery({
    queryKey: preferenceKeys.timezones,
    queryFn: () => client.call(routes.setting.timezones),
    staleTime: Infinity,
  });
}
