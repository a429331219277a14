import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { WindowName } from './windows.js';

/** An area with its own time zone setting (may be empty) and its number of spaces. */
export interface AreaRow {
  id: string;
  timezone: string;
  spaces: number;
}

/** One statistics window of one area, as instants. */
export interface AreaWindow {
  locationId: string;
  name: WindowName;
  start: Date;
  end: Date;
}

/** The organisation's areas (or the one area) with their space counts. */
export async function areasWithSpaceCounts(db: Db, orgId: string, locationId?: string): Promise<AreaRow[]> {
  let q = db
    .selectFrom('locations as l')
    .leftJoin('spaces as s', 's.location_id', 'l.id')
    .select(['l.id', 'l.timezone', sql<number>`count(s.id)::int`.as('spaces')])
    .where('l.organization_id', '=', orgId)
    .groupBy(['l.id', 'l.timezone']);
  if (locationId) q = q.where('l.id', '=', locationId);
  return q.execute();
}

/** The id of an area of the organisation (`id` must be a UUID). */
export async function findAreaId(db: Db, orgId: string, id: string): Promise<string | undefined> {
  const l = await db
    .selectFrom('locations')
    .select('id')
    .where('id', '=', id.toLowerCase())
    .where('organization_id', '=', orgId)
    .executeTakeFirst();
  return l?.id;
}

/** A VALUES list of (area, window, start, end). */
function windowValues(windows: readonly AreaWindow[]) {
  return sql.join(
    windows.map((w) => sql`(${w.locationId}::uuid, ${w.name}::text, ${w.start}::timestamptz, ${w.end}::timestamptz)`),
  );
}

/** Per window name: bookings of the window's area overlapping it, and their overlap in minutes. */
export async function windowTotalRows(
  db: Db,
  windows: readonly AreaWindow[],
): Promise<{ name: WindowName; n: number; minutes: number }[]> {
  if (windows.length === 0) return [];
  const { rows } = await sql<{ name: WindowName; n: number; minutes: number }>`
    SELECT w.name, count(*)::int AS n,
      coalesce(sum(extract(epoch FROM least(b.leave_at, w.we) - greatest(b.enter_at, w.ws)) / 60), 0)::float8 AS minutes
    FROM (VALUES ${windowValues(windows)}) AS w(location_id, name, ws, we)
    JOIN bookings b ON b.location_id = w.location_id
      AND tstzrange(b.enter_at, b.leave_at, '[)') && tstzrange(w.ws, w.we, '[)')
    GROUP BY w.name`.execute(db);
  return rows;
}

/**
 * Bookings of the organisation (or one area) per weekday of their start (0 = Sunday) in their
 * area's zone (`zones`: area id → zone); with `windows`, only those starting within their
 * area's window.
 */
export async function startsPerWeekday(
  db: Db,
  orgId: string,
  zones: ReadonlyMap<string, string>,
  input: { locationId?: string; windows?: readonly AreaWindow[] },
): Promise<{ dow: number; n: number }[]> {
  if (zones.size === 0) return [];
  const zoneValues = sql.join([...zones].map(([id, zone]) => sql`(${id}::uuid, ${zone}::text)`));
  const windows = input.windows
    ? sql`JOIN (VALUES ${windowValues(input.windows)}) AS w(location_id, name, ws, we) ON w.location_id = b.location_id AND b.enter_at >= w.ws AND b.enter_at < w.we`
    : sql``;
  const area = input.locationId ? sql`AND b.location_id = ${input.locationId}` : sql``;
  const { rows } = await sql<{ dow: number; n: number }>`
    SELECT extract(dow FROM b.enter_at AT TIME ZONE z.zone)::int AS dow, count(*)::int AS n
    FROM bookings b
    JOIN (VALUES ${zoneValues}) AS z(location_id, zone) ON z.location_id = b.location_id
    ${windows}
    WHERE b.organization_id = ${orgId} ${area}
    GROUP BY 1`.execute(db);
  return rows;
}

export interface OrganizationCounts {
  users: number;
  locations: number;
  spaces: number;
  /** Bookings going on now. */
  current: number;
}

export async function organizationCounts(db: Db, orgId: string): Promise<OrganizationCounts> {
  const { rows } = await sql<OrganizationCounts>`
      SELECT (SELECT count(*)::int FROM users WHERE organization_id = ${orgId}) AS users,
        (SELECT count(*)::int FROM locations WHERE organization_id = ${orgId}) AS locations,
        (SELECT count(*)::int FROM spaces s JOIN locations l ON l.id = s.location_id WHERE l.organization_id = ${orgId}) AS spaces,
        (SELECT count(*)::int FROM bookings WHERE location_id IN (SELECT id FROM locations WHERE organization_id = ${orgId})
          AND tstzrange(enter_at, leave_at, '[)') @> now()) AS current`.execute(db);
  return rows[0]!;
}

/**
 * The check-in counts of a group of bookings `b`: all, checked in, released because nobody
 * checked in, released for any reason, and released ones whose space someone booked again,
 * after the release, for part of the freed time (through the space's no-overlap index).
 */
const CHECK_IN_COUNTS = sql`count(*)::int AS bookings,
      count(b.checked_in_at)::int AS checked_in,
      count(*) FILTER (WHERE b.release_reason = 'no-show')::int AS no_shows,
      count(b.released_at)::int AS released,
      count(*) FILTER (WHERE b.released_at IS NOT NULL AND EXISTS (
        SELECT 1 FROM bookings o
        WHERE o.space_id = b.space_id AND o.id <> b.id AND o.created_at >= b.released_at
          AND tstzrange(o.enter_at, o.leave_at, '[)')
            && tstzrange(b.released_at, coalesce(b.booked_leave_at, b.leave_at), '[)')
      ))::int AS rebooked`;

export interface CheckInCounts {
  bookings: number;
  checked_in: number;
  no_shows: number;
  released: number;
  rebooked: number;
}

/** Per area, the check-in counts of the bookings starting in the area's window. */
export async function checkInRows(
  db: Db,
  windows: readonly AreaWindow[],
): Promise<({ location_id: string } & CheckInCounts)[]> {
  if (windows.length === 0) return [];
  const { rows } = await sql<{ location_id: string } & CheckInCounts>`
    SELECT w.location_id::text AS location_id, ${CHECK_IN_COUNTS}
    FROM (VALUES ${windowValues(windows)}) AS w(location_id, name, ws, we)
    JOIN bookings b ON b.location_id = w.location_id AND b.enter_at >= w.ws AND b.enter_at < w.we
    GROUP BY w.location_id`.execute(db);
  return rows;
}

/** One day of one area in `checkInDayRows`. */
export interface CheckInDayRow extends CheckInCounts {
  /** `YYYY-MM-DD`. */
  day: string;
  location_id: string;
  area: string;
}

/**
 * For every day from `from` to `to` (`YYYY-MM-DD`, both included) and every area of `zones`
 * (area id → zone), the check-in counts of the area's bookings starting on that local day; days
 * without bookings count zero. Ordered by day, then area name. The bookings are found per area
 * through its index on (location, start) within the area's first midnight and the midnight after
 * its last day, and grouped by their start's local date.
 */
export async function checkInDayRows(
  db: Db,
  zones: ReadonlyMap<string, string>,
  from: string,
  to: string,
): Promise<CheckInDayRow[]> {
  if (zones.size === 0) return [];
  const zoneValues = sql.join([...zones].map(([id, zone]) => sql`(${id}::uuid, ${zone}::text)`));
  const { rows } = await sql<CheckInDayRow>`
    WITH w AS (
      SELECT z.location_id, z.zone,
        ${from}::date::timestamp AT TIME ZONE z.zone AS ws,
        (${to}::date + 1)::timestamp AT TIME ZONE z.zone AS we
      FROM (VALUES ${zoneValues}) AS z(location_id, zone)
    ),
    counts AS (
      SELECT w.location_id, (b.enter_at AT TIME ZONE w.zone)::date AS day, ${CHECK_IN_COUNTS}
      FROM w
      JOIN bookings b ON b.location_id = w.location_id AND b.enter_at >= w.ws AND b.enter_at < w.we
      GROUP BY 1, 2
    )
    SELECT to_char(g.d, 'YYYY-MM-DD') AS day, l.id::text AS location_id, l.name AS area,
      coalesce(c.bookings, 0) AS bookings, coalesce(c.checked_in, 0) AS checked_in,
      coalesce(c.no_shows, 0) AS no_shows, coalesce(c.released, 0) AS released,
      coalesce(c.rebooked, 0) AS rebooked
    FROM w
    JOIN locations l ON l.id = w.location_id
    CROSS JOIN generate_series(${from}::date, ${to}::date, interval '1 day') AS g(d)
    LEFT JOIN counts c ON c.location_id = w.location_id AND c.day = g.d::date
    ORDER BY g.d, l.name, l.id`.execute(db);
  return rows;
}
