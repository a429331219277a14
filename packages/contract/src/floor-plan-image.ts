/**
 * What the server takes as an area's floor-plan image (`POST /location/{id}/map`). The server
 * applies these rules; the web app checks a chosen file with the same ones before anything is
 * saved, so an area is never created with a plan the server will refuse.
 */

/** The image types, recognised by their content (never by a declared type or file name). */
export const FLOOR_PLAN_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'] as const;
export type FloorPlanImageType = (typeof FLOOR_PLAN_IMAGE_TYPES)[number];

/**
 * The largest upload in MB: the server's `MAP_MAX_MB` (1–200) defaults to this. An install may
 * set another value; a larger upload than it allows is answered with 413.
 */
export const FLOOR_PLAN_MAX_MB_DEFAULT = 20;
export const FLOOR_PLAN_MAX_MB_RANGE = { min: 1, max: 200 } as const;

/**
 * Bounds of an SVG floor plan: at most `maxElements` elements nested at most `maxDepth` levels
 * (the root being level 1), `maxAttributes` attributes per element and `maxOtherNodes`
 * comments, processing instructions and CDATA sections together; no entity declarations
 * and no DTD of its own; a size from `width` and `height` or a `viewBox`.
 */
export const FLOOR_PLAN_SVG_LIMITS = {
  maxElements: 100_000,
  maxDepth: 200,
  maxAttributes: 1_000,
  maxOtherNodes: 100_000,
} as const;

/** Pixels per unit of the lengths an SVG floor plan may give its size in (96 dpi). */
const UNIT_PX: Readonly<Record<string, number>> = {
  '': 1,
  px: 1,
  pt: 96 / 72,
  pc: 16,
  mm: 96 / 25.4,
  cm: 96 / 2.54,
  in: 96,
};

/** An SVG `width` or `height` in whole pixels, or null when it is no positive absolute length. */
export function svgLengthPx(value: string | null | undefined): number | null {
  const m = /^\s*([\d.]+)\s*(px|pt|pc|mm|cm|in)?\s*$/i.exec(value ?? '');
  if (!m) return null;
  const n = Number(m[1]) * (UNIT_PX[(m[2] ?? '').toLowerCase()] ?? 1);
  return Number.isFinite(n) && n > 0 ? Math.round(n) : null;
}

/**
 * The size in pixels of an SVG floor plan from its root's `width`, `height` and `viewBox`
 * (each side from its attribute, else from the view box); null when a side is missing.
 */
export function svgPlanSize(
  attribute: (name: 'width' | 'height' | 'viewBox') => string | null | undefined,
): { width: number; height: number } | null {
  const viewBox = (attribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const box = viewBox.length === 4 && viewBox.every(Number.isFinite);
  const width = svgLengthPx(attribute('width')) ?? (box ? Math.round(viewBox[2]!) : null);
  const height = svgLengthPx(attribute('height')) ?? (box ? Math.round(viewBox[3]!) : null);
  if (!width || !height || width < 0 || height < 0) return null;
  return { width, height };
}

export interface RasterImageInfo {
  mimeType: Exclude<FloorPlanImageType, 'image/svg+xml'>;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const latin1 = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + ((b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!);
const u32le = (b: Uint8Array, i: number) => u32be(Uint8Array.of(b[i + 3]!, b[i + 2]!, b[i + 1]!, b[i]!), 0);

/**
 * A raster image recognised by its signature, with the size read from its header: answers
 * `undefined` when the bytes are no PNG, GIF, JPEG or WebP at all, and `null` when the
 * signature matches but the size cannot be read. Reads only the bytes it is given (a JPEG
 * may keep its size some way into the file).
 */
export function rasterImageInfo(bytes: Uint8Array): RasterImageInfo | null | undefined {
  if (bytes.length >= 24 && PNG_SIGNATURE.every((v, i) => bytes[i] === v)) {
    return { mimeType: 'image/png', width: u32be(bytes, 16), height: u32be(bytes, 20) };
  }
  if (bytes.length >= 10 && /^GIF8[79]a/.test(latin1(bytes, 0, 6))) {
    return { mimeType: 'image/gif', width: u16le(bytes, 6), height: u16le(bytes, 8) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const size = jpegSize(bytes);
    return size ? { mimeType: 'image/jpeg', ...size } : null;
  }
  if (bytes.length >= 30 && latin1(bytes, 0, 4) === 'RIFF' && latin1(bytes, 8, 12) === 'WEBP') {
    const size = webpSize(bytes);
    return size ? { mimeType: 'image/webp', ...size } : null;
  }
  return undefined;
}

function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    const len = u16be(b, i + 2);
    // Start-of-frame markers carry the size (all except DHT, JPG and DAC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    }
    i += 2 + len;
  }
  return null;
}

function webpSize(b: Uint8Array): { width: number; height: number } | null {
  const chunk = latin1(b, 12, 16);
  if (chunk === 'VP8 ') return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = u32le(b, 21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}
