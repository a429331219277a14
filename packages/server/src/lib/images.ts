import { sanitizeSvgInWorker } from './svg-worker-pool.js';

export interface ImageInfo {
  mimeType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/svg+xml';
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
 * cannot be read); `undefined` when it is no raster image.
 */
function inspectRaster(bytes: Buffer): ImageInfo | null | undefined {
  if (
    bytes.length >= 24 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { mimeType: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), data: bytes };
  }
  if (bytes.length >= 10 && /^GIF8[79]a/.test(bytes.subarray(0, 6).toString('latin1'))) {
    return { mimeType: 'image/gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8), data: bytes };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const size = jpegSize(bytes);
    return size ? { mimeType: 'image/jpeg', ...size, data: bytes } : null;
  }
  if (bytes.length >= 30 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    const size = webpSize(bytes);
    return size ? { mimeType: 'image/webp', ...size, data: bytes } : null;
  }
  return undefined;
}

function jpegSize(b: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    const len = b.readUInt16BE(i + 2);
    // Start-of-frame markers carry the size (all except DHT, JPG and DAC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    i += 2 + len;
  }
  return null;
}

function webpSize(b: Buffer): { width: number; height: number } | null {
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return null;
}
