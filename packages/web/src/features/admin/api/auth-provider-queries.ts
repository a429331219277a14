import type { AuthProviderSave } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/use-api-client';
import { adminKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';
import { saveRecord } from '../../../shared/api/save-record';

/** The organisation's sign-in providers, by name (`GET /auth-provider/`). */
export function useAuthProviders() {
  return useApiQuery(adminKeys.authProviders, (client) => client.call(routes.authProvider.list));
}

export function useAuthProvider(id: string | undefined) {
  return useApiQuery(
    adminKeys.authProvider(id ?? ''),
    (client) => client.call(routes.authProvider.get, { params: { id: id ?? '' } }),
    {
      enabled: Boolean(id),
      // The form keeps its own draft; a background refetch must not move the baseline under it.
      staleTime: Infinity,
    },
  );
}

export interface AuthProviderSaveRequest {
  /** Absent for a new provider. */
  id: string | undefined;
  body: AuthProviderSave;
}

/** Creates (`POST`, the new id from `X-Object-Id`) or changes (`PUT`) a provider; answers its id. */
export function useSaveAuthProvider() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: AuthProviderSaveRequest) =>
      saveRecord(
        id,
        () => client.call(routes.authProvider.create, { body }),
        (id) => client.call(routes.authProvider.update, { params: { id }, body }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.authProviders }),
  });
}

export function useDeleteAuthProvider() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.call(routes.authProvider.delete, { params: { id } }),
    // Only the list: the deleted provider's own page is being left and must not ask for it again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.authProviders, exact: true }),
  });
}

/** What a test sign-in brought back; kept five minutes by the server, so never fetched again here. */
export function useAuthProviderTestResult(id: string, stateId: string) {
  return useApiQuery(
    adminKeys.authProviderTest(id, stateId),
    (client) => client.call(routes.authProvider.testResult, { params: { id, stateId } }),
    {
      staleTime: Infinity,
      retry: false,
    },
  );
}
