import { ApiError } from '@perch/client';
import { Routes, type Location, type Stats } from '@perch/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../api/use-api-client';

/** The periods `/stats/weekday` knows; `all` asks without one (all time). */
export type WeekdayPeriod = 'all' | 'thisWeek' | 'lastWeek' | 'nextWeek' | 'lastMonth';

export type SpaceLoads = Pick<
  Stats,
  | 'spaceLoadToday'
  | 'spaceLoadYesterday'
  | 'spaceLoadThisWeek'
  | 'spaceLoadLastWeek'
  | 'spaceLoadNextWeek'
  | 'spaceLoadLastMonth'
>;
export type LoadPeriod = keyof SpaceLoads;

const statsKeys = {
  summary: ['admin', 'stats', 'summary'] as const,
  load: (areaId: string) => ['admin', 'stats', 'load', areaId] as const,
  weekday: (period: WeekdayPeriod, areaId: string) => ['admin', 'stats', 'weekday', period, areaId] as const,
};

/** The server hides statistics with 404 when the organisation turned them off (`hide_stats`). */
export function isStatsHidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

const noRetryWhenHidden = (failures: number, error: unknown) =>
  !isStatsHidden(error) && error instanceof ApiError && (error.isNetworkError || error.status >= 500) && failures < 2;

export function useStats() {
  const client = useApiClient();
  return useQuery({
    queryKey: statsKeys.summary,
    queryFn: () => client.get<Stats>(Routes.stats.summary),
    retry: noRetryWhenHidden,
  });
}

/** The utilisation of each area, one request per area (the API answers one area at a time). */
export function useAreaLoads(areas: readonly Location[]) {
  const client = useApiClient();
  return useQueries({
    queries: areas.map((area) => ({
      queryKey: statsKeys.load(area.id),
      queryFn: () => client.get<SpaceLoads>(Routes.stats.load, { location: area.id }),
      retry: noRetryWhenHidden,
    })),
  });
}

export function useWeekdayStats(period: WeekdayPeriod, areaId: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: statsKeys.weekday(period, areaId),
    queryFn: async () =>
      (
        await client.get<{ bookingsByWeekday: number[] }>(Routes.stats.weekday, {
          period: period === 'all' ? undefined : period,
          location: areaId || undefined,
        })
      ).bookingsByWeekday,
    retry: noRetryWhenHidden,
  });
}
