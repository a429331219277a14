import type { PerchClient } from '@perch/client';
import { useMutation, useQueryClient, type QueryClient, type UseMutationResult } from '@tanstack/react-query';
import { useApiClient } from './use-api-client';

/**
 * A change through the API; when it is over, done or failed, `refresh` marks what it changed
 * as stale: `useApiMutation((client, id: string) => client.call(…), (queryClient) => queryClient.invalidateQueries(…))`.
 */
export function useApiMutation<TVariables = void, TData = unknown>(
  change: (client: PerchClient, variables: TVariables) => Promise<TData>,
  refresh?: (queryClient: QueryClient, variables: TVariables) => Promise<unknown>,
): UseMutationResult<TData, Error, TVariables> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => change(client, variables),
    onSettled: refresh && ((_data, _error, variables) => refresh(queryClient, variables)),
  });
}
