import { routes } from '@perch/contract/values';
import { adminKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';

/**
 * What organisation admins manage of other people's sign-in: a service account's API token
 * (`/user/:id/api-token`) and a person's second factors (`/user/:id/totp`, `/user/:id/passkeys`).
 */

/** Whether a service account has an API token, when it was made and last used. */
export function useApiTokenState(userId: string) {
  return useApiQuery(adminKeys.apiToken(userId), (client) =>
    client.call(routes.apiToken.get, { params: { id: userId } }),
  );
}

/** Makes a new token (the old one stops working); the answer is the only time it is seen. */
export function useCreateApiToken() {
  return useApiMutation(
    async (client, userId: string) => (await client.call(routes.apiToken.create, { params: { id: userId } })).token,
    (queryClient, userId) => queryClient.invalidateQueries({ queryKey: adminKeys.apiToken(userId) }),
  );
}

export function useRevokeApiToken() {
  return useApiMutation(
    (client, userId: string) => client.call(routes.apiToken.delete, { params: { id: userId } }),
    (queryClient, userId) => queryClient.invalidateQueries({ queryKey: adminKeys.apiToken(userId) }),
  );
}

/** Turns a person's authenticator app (TOTP) off; the user and the list show it afterwards. */
export function useResetTotp() {
  return useApiMutation(
    (client, userId: string) => client.call(routes.totp.resetForUser, { params: { id: userId } }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  );
}

/** Removes every passkey of a person. */
export function useRemovePasskeys() {
  return useApiMutation(
    (client, userId: string) => client.call(routes.passkey.resetForUser, { params: { id: userId } }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  );
}
