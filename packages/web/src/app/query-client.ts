import { ApiError } from '@perch/client';
import { QueryClient } from '@tanstack/react-query';

const MAX_RETRIES = 2;

/** Retries only what may succeed on a second try: network failures and server errors (also while refreshing). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof ApiError) return error.temporary;
  return false;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
