import { ApiError } from '@perch/client';
import { routes } from '@perch/contract/values';
import { keepPreviousData } from '@tanstack/react-query';
import { adminKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';

/** The server answers 404 while the organisation hides reports (`hide_reports`). */
export function isPresenceHidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * `GET /booking/report/presence/` for a query built by `presenceQuery`; null while the range
 * is invalid (nothing is asked). The previous report stays on screen while the next one loads.
 */
export function usePresenceReport(query: { start: string; end: string; locationId?: string } | null) {
  return useApiQuery(
    adminKeys.statsPresence(query?.start ?? '', query?.end ?? '', query?.locationId ?? ''),
    (client) => client.call(routes.booking.presence, { query: query! }),
    {
      enabled: query !== null,
      placeholderData: keepPreviousData,
      retry: (failures, error) =>
        !isPresenceHidden(error) &&
        error instanceof ApiError &&
        (error.isNetworkError || error.status >= 500) &&
        failures < 2,
    },
  );
}
