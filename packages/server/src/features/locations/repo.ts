import type { AttributeValue, LocationSave } from '@perch/contract';
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
