import { rasterImageInfo, type FloorPlanImageType } from '@perch/contract/values';
import { sanitizeSvgInWorker } from './svg-worker-pool.js';

export interface ImageInfo {
  mimeType: FloorPlanImageType;
  width: number;
  height: number;
  /** The bytes to store: unchanged for raster images, sanitised for SVG. */
  data: Buffer;
}

/** An image that was recognised but is not accepted; the message is for the person uploading it. */
export class ImageRefused extends Error {}

/**
 * Identifies a floor-plan image by its content (never by a declared type) and reads its size.
 * Answers `null` when the bytes are no image it knows; throws ImageRefused for an SVG it will
 * not take (over a limit, entities or a DTD, malformed, no size, too slow). SVG is
 * sanitised in a worker thread; raster images are only read.
 */
export async function inspectImage(bytes: Buffer): Promise<ImageInfo | null> {
  const raster = inspectRaster(bytes);
  if (raster !== undefined) return raster;
  if (!bytes.includes('<svg') && !bytes.includes(':svg')) return null;
  const svg = await sanitizeSvgInWorker(bytes);
  if (!svg.ok) {
    if (svg.message === null) return null;
    throw new ImageRefused(svg.message);
  }
  return { mimeType: 'image/svg+xml', width: svg.width, height: svg.height, data: svg.data };
}

/**
 * A raster image recognised by its signature (`null` when the signature matches but the size
 * cannot be read); `undefined` when it is no raster image. The contract reads the header, so
 * the web app checks a file before upload with the very same rules.
 */
function inspectRaster(bytes: Buffer): ImageInfo | null | undefined {
  const info = rasterImageInfo(bytes);
  return info ? { ...info, data: bytes } : info;
}
