import type { LocationMap } from '@perch/contract';
import type { Db } from '../../db/connection.js';
import type { LocationRow } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { inspectImage } from '../../lib/images.js';
import { shortMimeType } from './presenter.js';

/**
 * Stores a floor-plan image after identifying it by its content; SVG is sanitised first.
 * Run it inside a transaction: the image and the area's size change together.
 */
export async function storeMap(db: Db, locationId: string, bytes: Buffer): Promise<void> {
  const info = inspectImage(bytes);
  if (!info || info.width <= 0 || info.height <= 0)
    throw badRequest('The floor plan must be a PNG, JPEG, GIF, WebP or SVG image');
  await db
    .insertInto('location_maps')
    .values({ location_id: locationId, data: info.data })
    .onConflict((oc) => oc.column('location_id').doUpdateSet({ data: info.data, updated_at: new Date() }))
    .execute();
  await db
    .updateTable('locations')
    .set({ map_width: info.width, map_height: info.height, map_mime_type: info.mimeType, map_scale: 1 })
    .where('id', '=', locationId)
    .execute();
}

export async function readMap(db: Db, location: LocationRow): Promise<LocationMap> {
  const row = await db
    .selectFrom('location_maps')
    .select('data')
    .where('location_id', '=', location.id)
    .executeTakeFirst();
  return {
    width: location.map_width,
    height: location.map_height,
    scale: location.map_scale,
    mimeType: shortMimeType(location.map_mime_type),
    data: row ? row.data.toString('base64') : '',
  };
}
