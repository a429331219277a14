import type { Setting } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../app/session/session-context';
import { useApiClient } from '../../../shared/api/use-api-client';
import { adminKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';

/** Every setting this organisation admin may read (`GET /setting/`). */
export function useOrgSettings() {
  return useApiQuery(adminKeys.settings, (client) => client.call(routes.setting.list), {
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
    mutationFn: (changes: Setting[]) => client.call(routes.setting.saveAll, { body: changes }),
    onSuccess: async () => {
      // Statistics depend on settings too (hidden, target hours).
      await queryClient.invalidateQueries({ queryKey: adminKeys.stats });
      await queryClient.invalidateQueries({ queryKey: adminKeys.settings });
      await completeSignIn();
    },
  });
}
