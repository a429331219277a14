import type { PerchClient } from '@perch/client';
import type { AuthAttempt } from '@perch/contract';
import { AUTH_ATTEMPT_PAGE_DEFAULT, AUTH_ATTEMPT_PAGE_MAX, routes } from '@perch/contract/values';
import { keepPreviousData, useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/use-api-client';
import { adminKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';

/** The window and filters of `GET /auth-attempt/` (RFC 3339 times; `success` `true` or `false`). */
export interface AuthAttemptQuery {
  start: string;
  end: string;
  user?: string;
  success?: string;
}

export const SIGN_IN_LOG_PAGE_SIZE = AUTH_ATTEMPT_PAGE_DEFAULT;
/** Most attempts one CSV file holds (100 requests of the API's largest page). */
export const SIGN_IN_LOG_EXPORT_MAX = 10_000;

/** One page of the organisation's sign-in attempts, newest first, with the number of matches. */
export function useAuthAttempts(query: AuthAttemptQuery, page: number) {
  const offset = page * SIGN_IN_LOG_PAGE_SIZE;
  return useApiQuery(
    adminKeys.authAttemptsPage(query, offset),
    (client) => client.call(routes.authAttempt.list, { query: { ...query, limit: SIGN_IN_LOG_PAGE_SIZE, offset } }),
    {
      placeholderData: keepPreviousData,
      // A log grows while it is read: a revisit shows what came in since.
      staleTime: 0,
    },
  );
}

export interface AuthAttemptExport {
  items: AuthAttempt[];
  /** All matches; more than `items` when the file would exceed `SIGN_IN_LOG_EXPORT_MAX`. */
  total: number;
}

/**
 * Every attempt matching `query` for the CSV file, paging the API 100 at a time, newest first.
 * The window ends no later than now, so attempts made while paging do not shift the pages.
 */
export async function fetchAllAuthAttempts(
  client: PerchClient,
  query: AuthAttemptQuery,
  now = new Date(),
): Promise<AuthAttemptExport> {
  const fixed = { ...query, end: query.end < now.toISOString() ? query.end : now.toISOString() };
  const items: AuthAttempt[] = [];
  let total = 0;
  for (let offset = 0; offset < SIGN_IN_LOG_EXPORT_MAX; offset += AUTH_ATTEMPT_PAGE_MAX) {
    const page = await client.call(routes.authAttempt.list, {
      query: { ...fixed, limit: AUTH_ATTEMPT_PAGE_MAX, offset },
    });
    total = page.total;
    items.push(...page.items);
    if (page.items.length < AUTH_ATTEMPT_PAGE_MAX || items.length >= total) break;
  }
  return { items, total };
}

/** Collects the filtered attempts of every page for the CSV download. */
export function useAuthAttemptExport() {
  const client = useApiClient();
  return useMutation({ mutationFn: (query: AuthAttemptQuery) => fetchAllAuthAttempts(client, query) });
}
