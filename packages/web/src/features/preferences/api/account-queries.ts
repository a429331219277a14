import { routes } from '@perch/contract/values';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/use-api-client';
import { preferenceKeys } from './query-keys';

/** The signed-in user's sessions (devices). */
export function useSessions() {
  const client = useApiClient();
  return useQuery({ queryKey: preferenceKeys.sessions, queryFn: () => client.call(routes.user.sessions) });
}

/** Signs one session out. */
export function useRevokeSession() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.call(routes.auth.logout, { params: { where: id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: preferenceKeys.sessions }),
  });
}

/** Sets the user's own password. */
export function useChangePassword() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (password: string) =>
      client.call(routes.user.setPassword, { params: { id: 'me' }, body: { password } }),
  });
}
