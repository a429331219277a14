import {
  FLOORPLAN_DESIGN_LIMITS,
  floorplanDesignDataSchema,
  type FloorplanDesign,
  type FloorplanElement,
} from '@perch/contract';
import type { z } from 'zod';
import { badRequest } from '../../http/errors.js';

/**
 * Floor-plan designs in upstream Seatsurfing's format (ui/src/components/FloorPlanDesigner.tsx)
 * and their SVG rendering, drawn as upstream's server/router/floor-plan-renderer.go draws them:
 * the same elements, colours and geometry, the same 40 px margin and 400 × 300 minimum, so
 * that spaces placed on the map in either product sit on the same spot of the drawing.
 */

/** Margin around the drawing and the smallest map, in plan pixels (upstream's values). */
const PADDING = 40;
const MIN_WIDTH = 400;
const MIN_HEIGHT = 300;
const DEFAULT_WALL_THICKNESS = 8;
/** A label's font size relative to its box height. */
const LABEL_FONT_SCALE = 0.8;
/** Issues named in one error message (a broken design can have thousands). */
const ISSUES_SHOWN = 5;

/**
 * Parses and checks `designData`. Answers `null` for no design (an empty string or a design
 * without elements) and throws a 400 naming what is wrong otherwise.
 */
export function parseFloorplanDesign(designData: string): FloorplanDesign | null {
  if (designData === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(designData);
  } catch (err) {
    throw badRequest(`designData is not valid JSON: ${(err as Error).message.slice(0, 200)}`);
  }
  const parsed = floorplanDesignDataSchema.safeParse(json);
  if (!parsed.success) throw badRequest(`Invalid floor-plan design: ${describeIssues(parsed.error.issues)}`);
  const design = parsed.data;
  if (design.elements.length === 0) return null;
  const b = bounds(design.elements);
  const max = FLOORPLAN_DESIGN_LIMITS.maxSize;
  if (b.maxX - b.minX > max || b.maxY - b.minY > max)
    throw badRequest(`Invalid floor-plan design: the drawing may span at most ${max} × ${max} pixels`);
  return design;
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const text = issues.slice(0, ISSUES_SHOWN).map((i) => {
    const path = i.path
      .map((p, n) => (typeof p === 'number' ? `[${p}]` : `${n === 0 ? '' : '.'}${String(p)}`))
      .join('');
    return path ? `${path}: ${i.message}` : i.message;
  });
  const more = issues.length - ISSUES_SHOWN;
  return text.join('; ') + (more > 0 ? ` (and ${more} more)` : '');
}

interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The drawing's extent as upstream computes it: wall end points and element boxes. */
function bounds(elements: readonly FloorplanElement[]): Bounds {
  const b: Bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const add = (x: number, y: number) => {
    b.minX = Math.min(b.minX, x);
    b.minY = Math.min(b.minY, y);
    b.maxX = Math.max(b.maxX, x);
    b.maxY = Math.max(b.maxY, y);
  };
  for (const e of elements) {
    if (e.type === 'wall') {
      add(e.x1, e.y1);
      add(e.x2, e.y2);
    } else {
      add(e.x, e.y);
      add(e.x + e.width, e.y + e.height);
    }
  }
  return b;
}

export interface RenderedFloorplan {
  /** The SVG document, UTF-8. */
  data: Buffer;
  /** Its `width` and `height` attributes, in pixels: the map's size. */
  width: number;
  height: number;
}

/**
 * Draws a design (with at least one element) as a standalone SVG document. The output depends
 * only on the design: numbers are written with at most two decimals, text is escaped, and
 * nothing refers outside the document.
 */
export function renderFloorplanSvg(design: FloorplanDesign): RenderedFloorplan {
  const b = bounds(design.elements);
  const viewX = b.minX - PADDING;
  const viewY = b.minY - PADDING;
  const viewW = Math.max(b.maxX - b.minX + 2 * PADDING, MIN_WIDTH);
  const viewH = Math.max(b.maxY - b.minY + 2 * PADDING, MIN_HEIGHT);
  const width = Math.round(viewW);
  const height = Math.round(viewH);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${num(viewX)} ${num(viewY)} ${num(viewW)} ${num(viewH)}" width="${width}" height="${height}">`,
  ];
  for (const e of design.elements) parts.push(renderElement(e));
  parts.push('</svg>');
  return { data: Buffer.from(parts.join(''), 'utf8'), width, height };
}

function renderElement(e: FloorplanElement): string {
  if (e.type === 'wall') {
    const thickness = e.thickness && e.thickness > 0 ? e.thickness : DEFAULT_WALL_THICKNESS;
    return `<line x1="${num(e.x1)}" y1="${num(e.y1)}" x2="${num(e.x2)}" y2="${num(e.y2)}" stroke="#555555" stroke-width="${num(thickness)}" stroke-linecap="round"/>`;
  }
  const { x, y, width: w, height: h } = e;
  const cx = x + w / 2;
  const cy = y + h / 2;
  const t = rotate(e.rotation ?? 0, cx, cy);
  switch (e.type) {
    case 'plant':
      return `<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(w / 2)}" ry="${num(h / 2)}" fill="#4caf50" stroke="#388e3c" stroke-width="1"${t}/>`;
    case 'window':
      return `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" fill="#90caf9" stroke="#1565c0" stroke-width="1"${t}/>`;
    case 'door': {
      // A quarter-circle swing: hinge at the top left, the door panel along the top edge.
      const d = `M ${num(x)},${num(y)} L ${num(x + w)},${num(y)} A ${num(w)},${num(h)} 0 0,1 ${num(x)},${num(y + h)} Z`;
      return `<path d="${d}" fill="#ffcc80" stroke="#e65100" stroke-width="1"${t}/>`;
    }
    case 'toilet': {
      // Tank in the upper 35 %, the bowl an ellipse below it.
      const tankH = h * 0.35;
      const seatCy = y + tankH + (h - tankH) * 0.5;
      return (
        `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(tankH)}" fill="#eeeeee" stroke="#9e9e9e" stroke-width="1"${t}/>` +
        `<ellipse cx="${num(cx)}" cy="${num(seatCy)}" rx="${num(w * 0.4)}" ry="${num((h - tankH) * 0.45)}" fill="#eeeeee" stroke="#9e9e9e" stroke-width="1"${t}/>`
      );
    }
    case 'label':
      return `<text x="${num(cx)}" y="${num(cy)}" font-family="sans-serif" font-size="${num(h * LABEL_FONT_SCALE)}" fill="#333333" text-anchor="middle" dominant-baseline="central"${t}>${escapeXml(e.text)}</text>`;
  }
}

function rotate(degrees: number, cx: number, cy: number): string {
  return num(degrees) === '0' ? '' : ` transform="rotate(${num(degrees)} ${num(cx)} ${num(cy)})"`;
}

/** A number for an attribute: at most two decimals, never an exponent or `-0`. */
export function num(v: number): string {
  const r = Math.round(v * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}
