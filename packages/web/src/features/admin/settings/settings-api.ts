import { Routes, type Setting } from '@perch/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session/session-context';
import { useApiClient } from '../api/use-api-client';

const settingsKey = ['admin', 'settings'] as const;

/** Every setting this organisation admin may read (`GET /setting/`). */
export function useOrgSettings() {
  const client = useApiClient();
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => client.get<Setting[]>(Routes.setting.list),
    // The form keeps its own draft; a background refetch must not move the baseline under it.
    staleTime: Infinity,
  });
}

/**
 * Saves the changes in one all-or-nothing `PUT /setting/`, then reloads the session so the
 * whole app (the header logo, booking limits in messages) follows the new values at once.
 */
export function useSaveSettings() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { completeSignIn } = useSession();
  return useMutation({
    mutationFn: (changes: Setting[]) => client.put(Routes.setting.list, changes),
    onSuccess: async () => {
      // Statistics depend on settings too (hidden, target hours).
      await queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] });
      await queryClient.invalidateQueries({ queryKey: settingsKey });
      await completeSignIn();
    },
  });
}
