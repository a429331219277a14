import type { api, EndpointQuery, EndpointResponse, Stats, StatsCheckIn } from '@perch/contract';
import type { AppDeps, AuthContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import { cachedStats } from './cache.js';
import { bookingsByWeekday, checkInFigures, organizationStats, spaceLoads, type Loads } from './figures.js';
import { requireStats } from './policy.js';
import { findAreaId } from './repo.js';

export type StatsLoadInput = EndpointQuery<typeof api.stats.load>;
export type StatsWeekdayInput = EndpointQuery<typeof api.stats.weekday>;
export type StatsWeekday = EndpointResponse<typeof api.stats.weekday>;

/** The area a query names, as its id; none when the query names none; 400 when unknown. */
async function areaOf(deps: AppDeps, orgId: string, location: string | undefined): Promise<string | undefined> {
  if (!location) return undefined;
  if (!isUuid(location)) throw badRequest('Unknown area');
  const id = await findAreaId(deps.db, orgId, location);
  if (!id) throw badRequest('Unknown area');
  return id;
}

/** The organisation's counts, weekday counts and loads. */
export async function statsSummary(deps: AppDeps, auth: AuthContext): Promise<Stats> {
  await requireStats(deps, auth);
  return cachedStats(deps, auth.orgId, 'summary', (d) => organizationStats(d, auth.orgId));
}

/** Space loads of the organisation or of one area. */
export async function statsLoad(deps: AppDeps, auth: AuthContext, input: StatsLoadInput): Promise<Loads> {
  await requireStats(deps, auth);
  const location = await areaOf(deps, auth.orgId, input.location);
  return cachedStats(deps, auth.orgId, `load:${location ?? 'all'}`, (d) => spaceLoads(d, auth.orgId, location));
}

/** Bookings per weekday of the organisation or of one area, optionally in one period. */
export async function statsWeekday(deps: AppDeps, auth: AuthContext, input: StatsWeekdayInput): Promise<StatsWeekday> {
  await requireStats(deps, auth);
  const location = await areaOf(deps, auth.orgId, input.location);
  const period = input.period;
  return {
    bookingsByWeekday: await cachedStats(deps, auth.orgId, `weekday:${location ?? 'all'}:${period ?? 'all'}`, (d) =>
      bookingsByWeekday(d, auth.orgId, location, period),
    ),
  };
}

/** Check-ins, releases and re-bookings per area in a period (this week unless named). */
export async function statsCheckIn(
  deps: AppDeps,
  auth: AuthContext,
  input: EndpointQuery<typeof api.stats.checkIn>,
): Promise<StatsCheckIn> {
  await requireStats(deps, auth);
  const period = input.period ?? 'thisWeek';
  return cachedStats(deps, auth.orgId, `checkin:${period}`, (d) => checkInFigures(d, auth.orgId, period));
}
