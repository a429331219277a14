import type { MergeFinish, MergeRequest } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../app/session/session-context';
import { useApiClient } from '../api/use-api-client';
import { useApiQuery } from '../api/use-api-query';

/** TanStack Query keys of the account merge. */
export const mergeKeys = {
  /** Requests of other accounts to be merged into the signed-in one. */
  incoming: ['user', 'merge-requests'] as const,
};

/** How long a fetched list counts as fresh: a page change or focus after that asks again. */
const FRESH_MS = 15_000;

/**
 * Requests of other accounts (the wiki's) to be merged into the signed-in one; they are valid for
 * an hour. Asked on focus and (through `refetchStale`) on a page change, not on a timer.
 */
export function useMergeRequests() {
  return useApiQuery(mergeKeys.incoming, (client) => client.call(routes.user.mergeRequests), {
    staleTime: FRESH_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
}

/** Asks the account with this email to take the signed-in (wiki) account over. */
export function useRequestMerge() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (email: string) => client.call(routes.user.mergeInit, { body: { email } }),
  });
}

/**
 * What to do when an answer went through or failed. Given to the hook rather than to `mutate`, so
 * it runs even when the list that asked is gone by then (the last request answered).
 */
export interface AnswerCallbacks {
  onSuccess?: (request: MergeRequest) => void;
  onError?: (error: unknown) => void;
}

/** Accepting a request: which one, confirmed with the password (when the account has one), the wiki identity or not. */
export interface MergeAcceptance {
  request: MergeRequest;
  confirmation: NonNullable<MergeFinish>;
}

/**
 * Accepts a request: the other account's bookings, buddies, groups, perhaps its wiki identity and
 * a higher role arrive here. Everything cached may have changed, and so may the signed-in user.
 */
export function useAcceptMerge({ onSuccess, onError }: AnswerCallbacks = {}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { completeSignIn } = useSession();
  return useMutation({
    mutationFn: ({ request, confirmation }: MergeAcceptance) =>
      client.call(routes.user.mergeFinish, { params: { id: request.id }, body: confirmation }),
    onSuccess: (_data, { request }) => onSuccess?.(request),
    onError: (error) => onError?.(error),
    onSettled: async (_data, error) => {
      // Refused, nothing changed; the request may be gone (expired, answered elsewhere).
      if (error) {
        await queryClient.invalidateQueries({ queryKey: mergeKeys.incoming });
        return;
      }
      await queryClient.invalidateQueries();
      try {
        await completeSignIn();
      } catch {
        // The next page load reads the user again.
      }
    },
  });
}

/** Declines a request addressed to the signed-in account. */
export function useDeclineMerge({ onSuccess, onError }: AnswerCallbacks = {}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MergeRequest) => client.call(routes.user.mergeDecline, { params: { id: request.id } }),
    onSuccess: (_data, request) => onSuccess?.(request),
    onError: (error) => onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mergeKeys.incoming }),
  });
}
