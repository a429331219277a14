import { ApiError } from '@perch/client';
import { QueryClient } from '@tanstack/react-query';

const MAX_RETRIES = 2;

/** Retries only what may succeed on a second try: network failures and server errors. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof ApiError) return error.isNetworkError || error.status >= 500;
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
