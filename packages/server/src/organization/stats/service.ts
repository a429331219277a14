import {
  ErrorCode,
  STATS_DAYS_MAX,
  type api,
  type EndpointQuery,
  type EndpointResponse,
  type Stats,
  type StatsCheckIn,
  type StatsCheckInDays,
} from '@perch/contract';
import { DateTime } from 'luxon';
import type { AppDeps, AuthContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import { cachedStats } from './cache.js';
import { checkInDaysCsv, checkInDaysFileName } from './checkin-csv.js';
import {
  bookingsByWeekday,
  checkInDayFigures,
  checkInFigures,
  organizationStats,
  spaceLoads,
  type Loads,
} from './figures.js';
import { requireStats } from './policy.js';
import { findAreaId, type CheckInDayRow } from './repo.js';

export type StatsLoadInput = EndpointQuery<typeof api.stats.load>;
export type StatsWeekdayInput = EndpointQuery<typeof api.stats.weekday>;
export type StatsWeekday = EndpointResponse<typeof api.stats.weekday>;
export type StatsCheckInDaysInput = EndpointQuery<typeof api.stats.checkInDays>;

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

/**
 * The days of a per-day query as sent (`YYYY-MM-DD`, the schema checked their form): 400 for
 * years outside 1000–9998 and when the last is before the first, 400 with 2002 when they span
 * more than STATS_DAYS_MAX days.
 */
function checkDays(from: string, to: string): void {
  const first = DateTime.fromISO(from, { zone: 'utc' });
  const last = DateTime.fromISO(to, { zone: 'utc' });
  // Years whose days every area's zone can hold in the database.
  if (!first.isValid || !last.isValid || first.year < 1000 || last.year > 9998)
    throw badRequest('from and to must be dates (YYYY-MM-DD) between the years 1000 and 9998');
  if (last < first) throw badRequest('to must not be before from');
  if (last.diff(first, 'days').days + 1 > STATS_DAYS_MAX)
    throw badRequest(`Statistics per day cover at most ${STATS_DAYS_MAX} days`, ErrorCode.StatsDateRangeTooLong);
}

/**
 * The figures per day and area behind both answers of `/stats/checkin/days`. Not cached: any
 * range of days may be asked for, and each would keep an entry; the query reads at most
 * STATS_DAYS_MAX days of the areas' bookings through their index.
 */
async function dayFigures(deps: AppDeps, auth: AuthContext, input: StatsCheckInDaysInput): Promise<CheckInDayRow[]> {
  await requireStats(deps, auth);
  checkDays(input.from, input.to);
  const location = await areaOf(deps, auth.orgId, input.locationId);
  return checkInDayFigures(deps, auth.orgId, input.from, input.to, location);
}

/** Check-ins, no-shows, releases and re-bookings per day and area (the area's local days). */
export async function statsCheckInDays(
  deps: AppDeps,
  auth: AuthContext,
  input: StatsCheckInDaysInput,
): Promise<StatsCheckInDays> {
  const rows = await dayFigures(deps, auth, input);
  return {
    days: rows.map((r) => ({
      date: r.day,
      locationId: r.location_id,
      bookings: r.bookings,
      checkedIn: r.checked_in,
      noShows: r.no_shows,
      released: r.released,
      rebooked: r.rebooked,
    })),
  };
}

/** The same figures as a CSV file, with the name it is saved under. */
export async function statsCheckInDaysCsv(
  deps: AppDeps,
  auth: AuthContext,
  input: StatsCheckInDaysInput,
): Promise<{ fileName: string; csv: string }> {
  const rows = await dayFigures(deps, auth, input);
  return { fileName: checkInDaysFileName(input.from, input.to), csv: checkInDaysCsv(rows) };
}
