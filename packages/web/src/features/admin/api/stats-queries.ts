import { ApiError, type CallOutput } from '@perch/client';
import type { Location, StatsPeriod } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { useQueries } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/use-api-client';
import { adminKeys } from './query-keys';
import { useApiQuery } from '../../../shared/api/use-api-query';

/** The periods `/stats/weekday` knows; `all` asks without one (all time). */
export type WeekdayPeriod = 'all' | StatsPeriod;

/** An area's load per period, in per cent (`GET /stats/load`). */
export type SpaceLoads = CallOutput<typeof routes.stats.load>;
export type LoadPeriod = keyof SpaceLoads;

/** The server hides statistics with 404 when the organisation turned them off (`hide_stats`). */
export function isStatsHidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

const noRetryWhenHidden = (failures: number, error: unknown) =>
  !isStatsHidden(error) && error instanceof ApiError && (error.isNetworkError || error.status >= 500) && failures < 2;

export function useStats() {
  return useApiQuery(adminKeys.statsSummary, (client) => client.call(routes.stats.summary), {
    retry: noRetryWhenHidden,
  });
}

/** The utilisation of each area, one request per area (the API answers one area at a time). */
export function useAreaLoads(areas: readonly Location[]) {
  const client = useApiClient();
  return useQueries({
    queries: areas.map((area) => ({
      queryKey: adminKeys.statsLoad(area.id),
      queryFn: () => client.call(routes.stats.load, { query: { location: area.id } }),
      retry: noRetryWhenHidden,
    })),
  });
}

export function useWeekdayStats(period: WeekdayPeriod, areaId: string) {
  return useApiQuery(
    adminKeys.statsWeekday(period, areaId),
    async (client) =>
      (
        await client.call(routes.stats.weekday, {
          query: { period: period === 'all' ? undefined : period, location: areaId || undefined },
        })
      ).bookingsByWeekday,
    {
      retry: noRetryWhenHidden,
    },
  );
}

/** Check-ins, releases and re-bookings per area in a period. */
export function useCheckInStats(period: StatsPeriod) {
  return useApiQuery(
    adminKeys.statsCheckIn(period),
    async (client) => (await client.call(routes.stats.checkIn, { query: { period } })).areas,
    { retry: noRetryWhenHidden },
  );
}

/**
 * Check-ins, no-shows, releases and re-bookings per day and area (`GET /stats/checkin/days`);
 * null while the days cannot be asked for (nothing is asked).
 */
export function useCheckInDays(query: { from: string; to: string; locationId?: string } | null) {
  return useApiQuery(
    adminKeys.statsCheckInDays(query?.from ?? '', query?.to ?? '', query?.locationId ?? ''),
    async (client) => (await client.call(routes.stats.checkInDays, { query: query! })).days,
    { enabled: query !== null, retry: noRetryWhenHidden },
  );
}
