import type { Stats, StatsCheckIn } from '@perch/contract';
import type { AppDeps } from '../../context.js';
import { effectiveZone } from '../../lib/time.js';
import { readSetting } from '../settings/index.js';
import {
  checkInDayRows,
  checkInRows,
  areasWithSpaceCounts,
  organizationCounts,
  startsPerWeekday,
  windowTotalRows,
  type AreaWindow,
  type CheckInDayRow,
} from './repo.js';
import { roundHalfEven, WINDOW_NAMES, windowsIn, type WindowName } from './windows.js';

/**
 * The figures behind the statistics routes, computed for one organisation (the routes cache
 * them, see cache.ts). "Today" and the weeks are taken in each area's own time zone.
 */

interface Area {
  id: string;
  zone: string;
  spaces: number;
}

async function areasOf(deps: AppDeps, orgId: string, locationId?: string): Promise<Area[]> {
  const defaultZone = await readSetting(deps.db, orgId, 'default_timezone');
  const rows = await areasWithSpaceCounts(deps.db, orgId, locationId);
  return rows.map((r) => ({ id: r.id, zone: effectiveZone(r.timezone, defaultZone), spaces: r.spaces }));
}

/** The windows of every area in its own zone. */
function areaWindows(areas: Area[], names: readonly WindowName[]): AreaWindow[] {
  return areas.flatMap((a) => {
    const w = windowsIn(a.zone);
    return names.map((name) => ({ locationId: a.id, name, start: w[name].start, end: w[name].end }));
  });
}

export interface WindowTotals {
  count: number;
  minutes: number;
}

/** Bookings overlapping each window (in each area's zone) and their overlap in minutes. */
async function windowTotals(deps: AppDeps, areas: Area[]): Promise<Record<WindowName, WindowTotals>> {
  const out = Object.fromEntries(WINDOW_NAMES.map((n) => [n, { count: 0, minutes: 0 }])) as Record<
    WindowName,
    WindowTotals
  >;
  if (areas.length === 0) return out;
  for (const r of await windowTotalRows(deps.db, areaWindows(areas, WINDOW_NAMES)))
    out[r.name] = { count: r.n, minutes: r.minutes };
  return out;
}

/** Load of one window over several areas: their booked minutes over their summed capacity. */
function load(areas: Area[], name: WindowName, minutes: number, target: number): number {
  if (minutes === 0) return 0;
  let capacity = 0;
  for (const a of areas) {
    const days = windowsIn(a.zone)[name].days;
    capacity += target === 0 ? days * 24 * 60 * a.spaces : ((days * target) / 7) * a.spaces * 60;
  }
  capacity = target === 0 ? capacity : Math.floor(capacity / 60) * 60;
  return capacity === 0 ? 0 : roundHalfEven((roundHalfEven(minutes) / capacity) * 100);
}

export type Loads = Pick<
  Stats,
  | 'spaceLoadToday'
  | 'spaceLoadYesterday'
  | 'spaceLoadThisWeek'
  | 'spaceLoadLastWeek'
  | 'spaceLoadNextWeek'
  | 'spaceLoadLastMonth'
>;

function loads(areas: Area[], totals: Record<WindowName, WindowTotals>, target: number): Loads {
  return {
    spaceLoadToday: load(areas, 'today', totals.today.minutes, target),
    spaceLoadYesterday: load(areas, 'yesterday', totals.yesterday.minutes, target),
    spaceLoadThisWeek: load(areas, 'thisWeek', totals.thisWeek.minutes, target),
    spaceLoadLastWeek: load(areas, 'lastWeek', totals.lastWeek.minutes, target),
    spaceLoadNextWeek: load(areas, 'nextWeek', totals.nextWeek.minutes, target),
    spaceLoadLastMonth: load(areas, 'lastMonth', totals.lastMonth.minutes, target),
  };
}

async function target(deps: AppDeps, orgId: string): Promise<number> {
  const v = Number((await readSetting(deps.db, orgId, 'target_utilization_hours_per_week')) ?? '40');
  return Number.isFinite(v) ? v : 40;
}

/**
 * Bookings per weekday of their start (0 = Sunday), in each area's zone; optionally within a
 * window. Counted in SQL: only seven numbers leave the database.
 */
export async function bookingsByWeekday(
  deps: AppDeps,
  orgId: string,
  locationId?: string,
  period?: WindowName,
): Promise<number[]> {
  return weekdayCounts(deps, orgId, await areasOf(deps, orgId, locationId), locationId, period);
}

/** The same for areas already read. */
async function weekdayCounts(
  deps: AppDeps,
  orgId: string,
  areas: Area[],
  locationId?: string,
  period?: WindowName,
): Promise<number[]> {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  if (areas.length === 0) return counts;
  const rows = await startsPerWeekday(deps.db, orgId, new Map(areas.map((a) => [a.id, a.zone])), {
    ...(locationId ? { locationId } : {}),
    ...(period ? { windows: areaWindows(areas, [period]) } : {}),
  });
  for (const r of rows) counts[r.dow] = r.n;
  return counts;
}

/** GET /stats/: the organisation's figures, "today" and weeks taken in each area's own zone. */
export async function organizationStats(deps: AppDeps, orgId: string): Promise<Stats> {
  const [areas, t] = await Promise.all([areasOf(deps, orgId), target(deps, orgId)]);
  const [c, totals, weekday] = await Promise.all([
    organizationCounts(deps.db, orgId),
    windowTotals(deps, areas),
    weekdayCounts(deps, orgId, areas),
  ]);
  return {
    numUsers: c.users,
    // Every booking is in one of the organisation's areas and on one weekday: one pass over them.
    numBookings: weekday.reduce((a, n) => a + n, 0),
    numLocations: c.locations,
    numSpaces: c.spaces,
    numBookingsCurrent: c.current,
    numBookingsToday: totals.today.count,
    numBookingsYesterday: totals.yesterday.count,
    numBookingsThisWeek: totals.thisWeek.count,
    numBookingsLastWeek: totals.lastWeek.count,
    bookingsByWeekday: weekday,
    ...loads(areas, totals, t),
  };
}

/** GET /stats/load: the loads of the organisation or of one area. */
export async function spaceLoads(deps: AppDeps, orgId: string, locationId?: string): Promise<Loads> {
  const [areas, t] = await Promise.all([areasOf(deps, orgId, locationId), target(deps, orgId)]);
  return loads(areas, await windowTotals(deps, areas), t);
}

/** GET /stats/checkin: per area, check-ins, releases and re-bookings of a period's bookings. */
export async function checkInFigures(deps: AppDeps, orgId: string, period: WindowName): Promise<StatsCheckIn> {
  const areas = await areasOf(deps, orgId);
  const rows = new Map((await checkInRows(deps.db, areaWindows(areas, [period]))).map((r) => [r.location_id, r]));
  return {
    areas: areas.map((a) => {
      const r = rows.get(a.id);
      return {
        locationId: a.id,
        bookings: r?.bookings ?? 0,
        checkedIn: r?.checked_in ?? 0,
        released: r?.released ?? 0,
        rebooked: r?.rebooked ?? 0,
      };
    }),
  };
}

/**
 * GET /stats/checkin/days: for each day from `from` to `to` (`YYYY-MM-DD`, both included) and
 * each area (or the one area), the check-in counts of the bookings starting on that day in the
 * area's own zone.
 */
export async function checkInDayFigures(
  deps: AppDeps,
  orgId: string,
  from: string,
  to: string,
  locationId?: string,
): Promise<CheckInDayRow[]> {
  const areas = await areasOf(deps, orgId, locationId);
  return checkInDayRows(deps.db, new Map(areas.map((a) => [a.id, a.zone])), from, to);
}
