import type { Db } from '../../db/connection.js';
import { storeMap } from './map.js';
import type { RenderedFloorplan } from './floorplan-design.js';

/** The area's design as stored (the JSON text it was saved as), or null when it has none. */
export async function readFloorplanDesign(db: Db, locationId: string): Promise<string | null> {
  const row = await db
    .selectFrom('location_floorplan_designs')
    .select('design_data')
    .where('location_id', '=', locationId)
    .executeTakeFirst();
  return row?.design_data ?? null;
}

/**
 * Stores a design with its rendering as the area's map, which the area now takes from the
 * designer (`map_type` "designed"). Run it inside a transaction: design and map change together.
 * Rows are written in the order design, map, area (the map upload's order after the design).
 */
export async function writeFloorplanDesign(
  db: Db,
  locationId: string,
  designData: string,
  rendered: RenderedFloorplan,
): Promise<void> {
  await db
    .insertInto('location_floorplan_designs')
    .values({ location_id: locationId, design_data: designData })
    .onConflict((oc) => oc.column('location_id').doUpdateSet({ design_data: designData, updated_at: new Date() }))
    .execute();
  await storeMap(db, locationId, {
    mimeType: 'image/svg+xml',
    width: rendered.width,
    height: rendered.height,
    data: rendered.data,
  });
  await db.updateTable('locations').set({ map_type: 'designed' }).where('id', '=', locationId).execute();
}

/**
 * Removes the area's design and, when its map was drawn by the designer (`map_type`
 * "designed"), the map with it: no design, nothing to show. An uploaded image stays.
 * Run it inside a transaction.
 */
export async function clearFloorplanDesign(db: Db, locationId: string): Promise<void> {
  await db.deleteFrom('location_floorplan_designs').where('location_id', '=', locationId).execute();
  await db
    .deleteFrom('location_maps')
    .where('location_id', '=', locationId)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('locations').select('id').where('id', '=', locationId).where('map_type', '=', 'designed'),
      ),
    )
    .execute();
  await db
    .updateTable('locations')
    .set({ map_width: 0, map_height: 0, map_mime_type: '' })
    .where('id', '=', locationId)
    .where('map_type', '=', 'designed')
    .execute();
}
