import { checkInColumns } from './check-in-columns.js';
import type { AttributeValue, LocationSave } from '@perch/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { LocationRow } from '../../db/schema.js';

export async function findLocation(db: Db, id: string): Promise<LocationRow | undefined> {
  return db.selectFrom('locations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listLocations(db: Db, orgId: string): Promise<LocationRow[]> {
  return db
    .selectFrom('locations')
    .selectAll()
    .where('organization_id', '=', orgId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Allowed-booker group ids per location, for a set of locations. */
export async function allowedBookersOf(db: Db, locationIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(locationIds.map((id) => [id, []]));
  if (locationIds.length === 0) return out;
  const rows = await db
    .selectFrom('location_allowed_bookers')
    .select(['location_id', 'group_id'])
    .where('location_id', 'in', [...locationIds])
    .execute();
  for (const r of rows) out.get(r.location_id)?.push(r.group_id);
  return out;
}

/** Number of spaces per area. */
export async function spaceCounts(db: Db, locationIds: readonly string[]): Promise<Map<string, number>> {
  if (locationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('spaces')
    .select(['location_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('location_id', 'in', [...locationIds])
    .groupBy('location_id')
    .execute();
  return new Map(rows.map((r) => [r.location_id, Number(r.n)]));
}

/** The time window of one area for the area facts: instants, half-open `[enter, leave)`. */
export interface AreaWindow {
  locationId: string;
  enter: Date;
  leave: Date;
}

/** What the area search computes per area: its spaces, how many are free, the caller's buddies there. */
export interface AreaFacts {
  total: number;
  free: number;
  /** Ids of the owner's buddy relations whose buddy has a booking in the area in the window. */
  buddies: string[];
}

interface AreaFactsRow {
  location_id: string;
  total: number;
  busy: number;
  buddies: string[];
}

const OVERLAPS = sql`tstzrange(b.enter_at, b.leave_at, '[)') && tstzrange(w.enter_at, w.leave_at, '[)')`;

/**
 * The area facts of many areas, each with its own window, in one query whatever the number of
 * areas. A space is free when no booking of that area overlaps the window. `counts: false`
 * leaves total and free at 0; `buddiesOf: null` leaves the buddies empty.
 */
export async function areaFacts(
  db: Db,
  windows: readonly AreaWindow[],
  want: { counts: boolean; buddiesOf: string | null },
): Promise<Map<string, AreaFacts>> {
  const out = new Map<string, AreaFacts>();
  if (windows.length === 0 || (!want.counts && want.buddiesOf === null)) return out;
  const total = want.counts ? sql`(SELECT count(*) FROM spaces s WHERE s.location_id = w.id)` : sql`0`;
  const busy = want.counts
    ? sql`(SELECT count(DISTINCT b.space_id) FROM bookings b JOIN spaces s ON s.id = b.space_id AND s.location_id = w.id
        WHERE b.location_id = w.id AND ${OVERLAPS})`
    : sql`0`;
  const buddies =
    want.buddiesOf !== null
      ? sql`ARRAY(SELECT bd.id::text FROM buddies bd WHERE bd.owner_id = ${want.buddiesOf} AND EXISTS (
          SELECT 1 FROM bookings b WHERE b.location_id = w.id AND b.user_id = bd.buddy_id AND ${OVERLAPS})
          ORDER BY bd.created_at, bd.id)`
      : sql`'{}'::text[]`;
  const { rows } = await sql<AreaFactsRow>`
    SELECT w.id::text AS location_id, ${total}::int AS total, ${busy}::int AS busy, ${buddies} AS buddies
    FROM unnest(${windows.map((w) => w.locationId)}::uuid[], ${windows.map((w) => w.enter.toISOString())}::timestamptz[],
      ${windows.map((w) => w.leave.toISOString())}::timestamptz[]) AS w(id, enter_at, leave_at)`.execute(db);
  for (const r of rows)
    out.set(r.location_id, { total: Number(r.total), free: Number(r.total) - Number(r.busy), buddies: r.buddies });
  return out;
}

export async function locationAttributeValues(
  db: Db,
  locationIds: readonly string[],
): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>(locationIds.map((id) => [id, new Map()]));
  if (locationIds.length === 0) return out;
  const rows = await db
    .selectFrom('location_attribute_values')
    .select(['location_id', 'attribute_id', 'value'])
    .where('location_id', 'in', [...locationIds])
    .execute();
  for (const r of rows) out.get(r.location_id)?.set(r.attribute_id, r.value);
  return out;
}

function columns(l: LocationSave) {
  return {
    name: l.name,
    description: l.description,
    max_concurrent_bookings: l.maxConcurrentBookings,
    timezone: l.timezone,
    enabled: l.enabled,
    map_scale: l.mapScale,
    map_type: l.mapType,
    bookable_days: [...l.bookableDays].sort((a, b) => a - b),
    ...checkInColumns(l),
  };
}

export async function insertLocation(db: Db, orgId: string, l: LocationSave): Promise<string> {
  const row = await db
    .insertInto('locations')
    .values({ organization_id: orgId, ...columns(l) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await replaceAllowedBookers(db, row.id, l.allowedBookerGroupIds);
  return row.id;
}

export async function updateLocation(db: Db, id: string, l: LocationSave): Promise<void> {
  await db.updateTable('locations').set(columns(l)).where('id', '=', id).execute();
  await replaceAllowedBookers(db, id, l.allowedBookerGroupIds);
}

async function replaceAllowedBookers(db: Db, locationId: string, groupIds: readonly string[]): Promise<void> {
  await db.deleteFrom('location_allowed_bookers').where('location_id', '=', locationId).execute();
  const unique = [...new Set(groupIds.map((g) => g.toLowerCase()))];
  if (unique.length)
    await db
      .insertInto('location_allowed_bookers')
      .values(unique.map((group_id) => ({ location_id: locationId, group_id })))
      .execute();
}

export async function deleteLocation(db: Db, id: string): Promise<void> {
  await db.deleteFrom('locations').where('id', '=', id).execute();
}

export async function countLocations(db: Db, orgId: string): Promise<number> {
  const r = await db
    .selectFrom('locations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function setLocationAttribute(db: Db, locationId: string, v: AttributeValue): Promise<void> {
  await db
    .insertInto('location_attribute_values')
    .values({ location_id: locationId, attribute_id: v.attributeId, value: v.value })
    .onConflict((oc) => oc.columns(['location_id', 'attribute_id']).doUpdateSet({ value: v.value }))
    .execute();
}

export async function removeLocationAttribute(db: Db, locationId: string, attributeId: string): Promise<void> {
  await db
    .deleteFrom('location_attribute_values')
    .where('location_id', '=', locationId)
    .where('attribute_id', '=', attributeId)
    .execute();
}
