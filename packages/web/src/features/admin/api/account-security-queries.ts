import { routes } from '@perch/contract/values';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/use-api-client';
import { adminKeys } from './query-keys';

/**
 * What organisation admins manage of other people's sign-in: a service account's API token
 * (`/user/:id/api-token`) and a person's second factors (`/user/:id/totp`, `/user/:id/passkeys`).
 */

/** Whether a service account has an API token, when it was made and last used. */
export function useApiTokenState(userId: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: adminKeys.apiToken(userId),
    queryFn: () => client.call(routes.apiToken.get, { params: { id: userId } }),
  });
}

/** Makes a new token (the old one stops working); the answer is the only time it is seen. */
export function useCreateApiToken() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) => (await client.call(routes.apiToken.create, { params: { id: userId } })).token,
    onSettled: (_, __, userId) => queryClient.invalidateQueries({ queryKey: adminKeys.apiToken(userId) }),
  });
}

export function useRevokeApiToken() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => client.call(routes.apiToken.delete, { params: { id: userId } }),
    onSettled: (_, __, userId) => queryClient.invalidateQueries({ queryKey: adminKeys.apiToken(userId) }),
  });
}

/** Turns a person's authenticator app (TOTP) off; the user and the list show it afterwards. */
export function useResetTotp() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => client.call(routes.totp.resetForUser, { params: { id: userId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}

/** Removes every passkey of a person. */
export function useRemovePasskeys() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => client.call(routes.passkey.resetForUser, { params: { id: userId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}
