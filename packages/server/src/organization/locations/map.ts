import type { LocationMap } from '@perch/contract';
import type { Db } from '../../db/connection.js';
import type { LocationRow } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { ImageRefused, inspectImage, type ImageInfo } from '../../lib/images.js';
import { shortMimeType } from './presenter.js';

/**
 * Identifies a floor-plan image by its content and sanitises SVG (in a worker thread); a 400
 * with a clear message when it is not an image Perch takes. Call it before a transaction:
 * a large SVG takes seconds.
 */
export async function inspectMap(bytes: Buffer): Promise<ImageInfo> {
  let info: ImageInfo | null;
  try {
    info = await inspectImage(bytes);
  } catch (err) {
    if (err instanceof ImageRefused) throw badRequest(err.message);
    throw err;
  }
  if (!info || info.width <= 0 || info.height <= 0)
    throw badRequest('The floor plan must be a PNG, JPEG, GIF, WebP or SVG image');
  return info;
}

/**
 * Stores a floor-plan image (raw bytes, which are inspected first, or the result of
 * inspectMap). Run it inside a transaction: the image and the area's size change together.
 */
export async function storeMap(db: Db, locationId: string, image: Buffer | ImageInfo): Promise<void> {
  const info = Buffer.isBuffer(image) ? await inspectMap(image) : image;
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
