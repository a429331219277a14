import type { Stats } from '@perch/contract';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import type { AppDeps } from '../../context.js';
import { effectiveZone } from '../../lib/time.js';
import { settingsMap } from '../bookings/facts.js';
import { roundHalfEven, WINDOW_NAMES, windowsIn, type WindowName } from './windows.js';

interface Area {
  id: string;
  zone: string;
  spaces: number;
}

async function areasOf(deps: AppDeps, orgId: string, locationId?: string): Promise<Area[]> {
  const defaultZone = (await settingsMap(deps.db, orgId)).get('default_timezone');
  let q = deps.db
    .selectFrom('locations as l')
    .leftJoin('spaces as s', 's.location_id', 'l.id')
    .select(['l.id', 'l.timezone', sql<number>`count(s.id)::int`.as('spaces')])
    .where('l.organization_id', '=', orgId)
    .groupBy(['l.id', 'l.timezone']);
  if (locationId) q = q.where('l.id', '=', locationId);
  const rows = await q.execute();
  return rows.map((r) => ({ id: r.id, zone: effectiveZone(r.timezone, defaultZone), spaces: r.spaces }));
}

/** A VALUES list of (area, window, start, end) for the windows of every area in its own zone. */
function windowValues(areas: Area[], names: readonly WindowName[]) {
  const rows = areas.flatMap((a) => {
    const w = windowsIn(a.zone);
    return names.map((n) => sql`(${a.id}::uuid, ${n}::text, ${w[n].start}::timestamptz, ${w[n].end}::timestamptz)`);
  });
  return sql.join(rows);
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
  const { rows } = await sql<{ name: WindowName; n: number; minutes: number }>`
    SELECT w.name, count(*)::int AS n,
      coalesce(sum(extract(epoch FROM least(b.leave_at, w.we) - greatest(b.enter_at, w.ws)) / 60), 0)::float8 AS minutes
    FROM (VALUES ${windowValues(areas, WINDOW_NAMES)}) AS w(location_id, name, ws, we)
    JOIN bookings b ON b.location_id = w.location_id
      AND tstzrange(b.enter_at, b.leave_at, '[)') && tstzrange(w.ws, w.we, '[)')
    GROUP BY w.name`.execute(deps.db);
  for (const r of rows) out[r.name] = { count: r.n, minutes: r.minutes };
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
  const v = Number((await settingsMap(deps.db, orgId)).get('target_utilization_hours_per_week') ?? '40');
  return Number.isFinite(v) ? v : 40;
}

/**
 * Bookings per weekday of their start (0 = Sunday), in each area's zone; optionally within a
 * window. Starts are counted per area and quarter hour in SQL, and only those buckets are
 * converted to weekdays: zones change offset on quarter hours only.
 */
export async function bookingsByWeekday(
  deps: AppDeps,
  orgId: string,
  locationId?: string,
  period?: WindowName,
): Promise<number[]> {
  const areas = await areasOf(deps, orgId, locationId);
  const counts = [0, 0, 0, 0, 0, 0, 0];
  if (areas.length === 0) return counts;
  const windows = period
    ? sql`JOIN (VALUES ${windowValues(areas, [period])}) AS w(location_id, name, ws, we) ON w.location_id = b.location_id AND b.enter_at >= w.ws AND b.enter_at < w.we`
    : sql``;
  const area = locationId ? sql`AND b.location_id = ${locationId}` : sql``;
  const { rows } = await sql<{ location_id: string; quarter: number; n: number }>`
    SELECT b.location_id, (floor(extract(epoch FROM b.enter_at) / 900))::float8 AS quarter, count(*)::int AS n
    FROM bookings b
    ${windows}
    WHERE b.organization_id = ${orgId} ${area}
    GROUP BY 1, 2`.execute(deps.db);
  const zones = new Map(areas.map((a) => [a.id, a.zone]));
  for (const r of rows) {
    const zone = zones.get(r.location_id);
    if (!zone) continue;
    counts[DateTime.fromMillis(r.quarter * 900_000, { zone }).weekday % 7]! += r.n;
  }
  return counts;
}

/** GET /stats/: the organisation's figures, "today" and weeks taken in each area's own zone. */
export async function organizationStats(deps: AppDeps, orgId: string): Promise<Stats> {
  const [areas, t] = await Promise.all([areasOf(deps, orgId), target(deps, orgId)]);
  const [counts, totals, weekday] = await Promise.all([
    sql<{ users: number; locations: number; spaces: number; bookings: number; current: number }>`
      SELECT (SELECT count(*)::int FROM users WHERE organization_id = ${orgId}) AS users,
        (SELECT count(*)::int FROM locations WHERE organization_id = ${orgId}) AS locations,
        (SELECT count(*)::int FROM spaces s JOIN locations l ON l.id = s.location_id WHERE l.organization_id = ${orgId}) AS spaces,
        (SELECT count(*)::int FROM bookings WHERE organization_id = ${orgId}) AS bookings,
        (SELECT count(*)::int FROM bookings WHERE organization_id = ${orgId} AND enter_at <= now() AND leave_at > now()) AS current`.execute(
      deps.db,
    ),
    windowTotals(deps, areas),
    bookingsByWeekday(deps, orgId),
  ]);
  const c = counts.rows[0]!;
  return {
    numUsers: c.users,
    numBookings: c.bookings,
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
