import { routes } from '@perch/contract/values';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/use-api-client';
import { preferenceKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';

/** The signed-in user's sessions (devices). */
export function useSessions() {
  return useApiQuery(preferenceKeys.sessions, (client) => client.call(routes.user.sessions));
}

/** Signs one session out. */
export function useRevokeSession() {
  return useApiMutation(
    (client, id: string) => client.call(routes.auth.logout, { params: { where: id } }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: preferenceKeys.sessions }),
  );
}

/** Sets the user's own password. */
export function useChangePassword() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (password: string) =>
      client.call(routes.user.setPassword, { params: { id: 'me' }, body: { password } }),
  });
}
