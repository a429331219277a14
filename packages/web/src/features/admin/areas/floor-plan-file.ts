import {
  FLOOR_PLAN_IMAGE_TYPES,
  FLOOR_PLAN_MAX_MB_DEFAULT,
  FLOOR_PLAN_SVG_LIMITS,
  rasterImageInfo,
  svgPlanSize,
  type FloorPlanImageType,
} from '@perch/contract/values';
import type { MessageKey } from '../../../i18n';

/** The server's upload limit (`MAP_MAX_MB`) as installs have it unless they change it. */
export const FLOOR_PLAN_MAX_MB = FLOOR_PLAN_MAX_MB_DEFAULT;
export const FLOOR_PLAN_MAX_BYTES = FLOOR_PLAN_MAX_MB * 1024 * 1024;
export const FLOOR_PLAN_ACCEPT = [...FLOOR_PLAN_IMAGE_TYPES, '.svg'].join(',');

/** Why a file cannot be an area's floor plan: a message and the values it names. */
export interface FloorPlanProblem {
  key: MessageKey;
  values?: Record<string, string | number>;
}

export interface FloorPlanImage {
  mimeType: FloorPlanImageType;
  /** Pixels; 0 when only the server can tell (an SVG the browser cannot parse). */
  width: number;
  height: number;
}

export type FloorPlanCheck = { ok: true; image: FloorPlanImage } | { ok: false; problem: FloorPlanProblem };

const SVG_NS = 'http://www.w3.org/2000/svg';

const refuse = (key: MessageKey, values?: FloorPlanProblem['values']): FloorPlanCheck => ({
  ok: false,
  problem: values ? { key, values } : { key },
});

/** Reads a file's bytes (File.arrayBuffer, with a fallback for environments without it). */
async function bytesOf(file: Blob): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === 'function') return new Uint8Array(await file.arrayBuffer());
  return new Uint8Array(await new Response(file).arrayBuffer());
}

/**
 * The server's SVG rules over a document the browser parsed: a well-formed SVG root, no entity
 * declarations or DTD of its own, the element, nesting, attribute and other-node limits, and a size.
 */
function checkSvg(text: string): FloorPlanCheck {
  if (!/<(?:[\w.-]+:)?svg[\s>/]/.test(text)) return refuse('floorPlanProblemType');
  if (/<!ENTITY/i.test(text)) return refuse('floorPlanProblemSvgEntities');
  const doctype = /<!DOCTYPE[^>]*/i.exec(text);
  if (doctype?.[0].includes('[')) return refuse('floorPlanProblemSvgDtd');
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  // The server reads markup more leniently than the browser (an HTML entity such as &nbsp;,
  // a stray ampersand) and stores it cleaned: what the browser cannot parse, the server judges.
  if (!root || doc.getElementsByTagName('parsererror').length > 0)
    return { ok: true, image: { mimeType: 'image/svg+xml', width: 0, height: 0 } };
  if (root.localName !== 'svg' || (root.namespaceURI && root.namespaceURI !== SVG_NS))
    return refuse('floorPlanProblemType');

  const limits = FLOOR_PLAN_SVG_LIMITS;
  let elements = 0;
  let others = 0;
  const stack: Array<[Node, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node.nodeType !== Node.ELEMENT_NODE) {
      if (node.nodeType !== Node.TEXT_NODE && ++others > limits.maxOtherNodes)
        return refuse('floorPlanProblemSvgOtherNodes', { max: limits.maxOtherNodes });
      continue;
    }
    if (++elements > limits.maxElements) return refuse('floorPlanProblemSvgElements', { max: limits.maxElements });
    if (depth > limits.maxDepth) return refuse('floorPlanProblemSvgDepth', { max: limits.maxDepth });
    if ((node as Element).attributes.length > limits.maxAttributes)
      return refuse('floorPlanProblemSvgAttributes', { max: limits.maxAttributes });
    for (let child = node.firstChild; child; child = child.nextSibling) stack.push([child, depth + 1]);
  }

  const size = svgPlanSize((name) => root.getAttribute(name));
  if (!size) return refuse('floorPlanProblemSvgSize');
  return { ok: true, image: { mimeType: 'image/svg+xml', ...size } };
}

/** Shows an image in the browser off screen; resolves false when it cannot be drawn (a damaged file). */
export function browserCanDraw(file: Blob): Promise<boolean> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new window.Image();
    const done = (ok: boolean) => {
      URL.revokeObjectURL(url);
      resolve(ok);
    };
    image.onload = () => done(true);
    image.onerror = () => done(false);
    image.src = url;
  });
}

/**
 * Checks a chosen file with the server's rules for floor plans (type by content, size limit,
 * a readable width and height, the SVG limits), and that the browser can draw a raster image,
 * before anything is saved. `maxBytes` is the install's limit as far as the app knows it.
 */
export async function inspectFloorPlanFile(
  file: Blob,
  options: { maxBytes?: number; canDraw?: (file: Blob) => Promise<boolean> } = {},
): Promise<FloorPlanCheck> {
  const maxBytes = options.maxBytes ?? FLOOR_PLAN_MAX_BYTES;
  if (file.size === 0) return refuse('floorPlanProblemEmpty');
  if (file.size > maxBytes) return refuse('floorPlanProblemTooLarge', { mb: Math.floor(maxBytes / (1024 * 1024)) });
  const bytes = await bytesOf(file);
  const raster = rasterImageInfo(bytes);
  let check: FloorPlanCheck;
  if (raster === null) check = refuse('floorPlanProblemNoSize');
  else if (raster) {
    check = raster.width > 0 && raster.height > 0 ? { ok: true, image: raster } : refuse('floorPlanProblemNoSize');
  } else {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    } catch {
      return refuse('floorPlanProblemType');
    }
    check = checkSvg(text);
  }
  if (!check.ok) return check;
  // Raster images are stored as they are: one the browser cannot draw would show no plan. The
  // server writes an SVG afresh, so an SVG that passed the rules above is judged by the server.
  if (check.image.mimeType === 'image/svg+xml') return check;
  const canDraw = options.canDraw ?? browserCanDraw;
  return (await canDraw(file)) ? check : refuse('floorPlanProblemDamaged');
}

/** "PNG", "SVG", … from a MIME type such as `image/svg+xml` or the API's `svg+xml`. */
export function imageFormatName(mimeType: string): string {
  const subtype = mimeType.replace(/^image\//, '').replace(/\+xml$/, '');
  return subtype === 'jpeg' ? 'JPEG' : subtype.toUpperCase();
}

export function formatMegabytes(bytes: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));
}
