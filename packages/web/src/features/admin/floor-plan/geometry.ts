import { SPACE_MAX_SIZE } from '@perch/contract/values';
import type { Box, Point, Rect, Size } from '../../../shared/plan/geometry';

/**
 * The editor's geometry in floor-plan pixels (the types are in `shared/plan/geometry.ts`): snap,
 * move, resize and turn boxes, keep them on the plan, align them.
 */

export type Handle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';

export const HANDLES: readonly Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];
export const MIN_SPACE_SIZE = 10;
export const ROTATION_STEP = 15;

/** Rounds to the grid; a step of 1 or less means whole pixels. */
export function snap(value: number, step: number): number {
  if (step <= 1) return Math.round(value);
  return Math.round(value / step) * step;
}

/** Whole degrees in 0–359. */
export function normaliseAngle(degrees: number): number {
  return ((Math.round(degrees) % 360) + 360) % 360;
}

export function snapAngle(degrees: number, step: number = ROTATION_STEP): number {
  return normaliseAngle(Math.round(degrees / step) * step);
}

export function centerOf(box: Box): Point {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Turns `point` clockwise (screen coordinates, y down) by `degrees` around `origin`. */
export function rotatePoint(point: Point, degrees: number, origin: Point = { x: 0, y: 0 }): Point {
  const rad = (degrees * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const dx = point.x - origin.x;
  const dy = point.y - origin.y;
  return { x: origin.x + dx * cos - dy * sin, y: origin.y + dx * sin + dy * cos };
}

/** The axis-aligned rectangle a turned box covers. */
export function boundsOf(box: Box): Rect {
  const rad = (box.rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(rad));
  const sin = Math.abs(Math.sin(rad));
  const width = box.width * cos + box.height * sin;
  const height = box.width * sin + box.height * cos;
  const c = centerOf(box);
  return { x: c.x - width / 2, y: c.y - height / 2, width, height };
}

export function unionOf(rects: readonly Rect[]): Rect | null {
  if (rects.length === 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const r of rects) {
    minX = Math.min(minX, r.x);
    minY = Math.min(minY, r.y);
    maxX = Math.max(maxX, r.x + r.width);
    maxY = Math.max(maxY, r.y + r.height);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

export function rectsOverlap(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The rectangle between two corners, whichever way it was dragged. */
export function rectBetween(a: Point, b: Point): Rect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}

/** How far a rectangle may move and still lie on the plan (when it fits at all). */
function clampShift(bounds: Rect, dx: number, dy: number, plan: Size): Point {
  const clampAxis = (start: number, length: number, delta: number, limit: number) => {
    if (length >= limit) return -start;
    return Math.min(Math.max(delta, -start), limit - length - start);
  };
  return {
    x: clampAxis(bounds.x, bounds.width, dx, plan.width),
    y: clampAxis(bounds.y, bounds.height, dy, plan.height),
  };
}

/** The delta that moves boxes together by (dx, dy), snapped on the first box, kept on the plan. */
export function moveDelta(boxes: readonly Box[], dx: number, dy: number, plan: Size, grid: number): Point {
  const anchor = boxes[0];
  if (!anchor) return { x: 0, y: 0 };
  const snapped = { x: snap(anchor.x + dx, grid) - anchor.x, y: snap(anchor.y + dy, grid) - anchor.y };
  const bounds = unionOf(boxes.map(boundsOf));
  return bounds ? clampShift(bounds, snapped.x, snapped.y, plan) : snapped;
}

/** Keeps a single box on the plan (after a resize, a turn or a typed value). */
export function keepOnPlan(box: Box, plan: Size): Box {
  const shift = clampShift(boundsOf(box), 0, 0, plan);
  return { ...box, x: Math.round(box.x + shift.x), y: Math.round(box.y + shift.y) };
}

const HANDLE_DIRECTION: Record<Handle, Point> = {
  n: { x: 0, y: -1 },
  s: { x: 0, y: 1 },
  e: { x: 1, y: 0 },
  w: { x: -1, y: 0 },
  ne: { x: 1, y: -1 },
  nw: { x: -1, y: -1 },
  se: { x: 1, y: 1 },
  sw: { x: -1, y: 1 },
};

export function handleDirection(handle: Handle): Point {
  return HANDLE_DIRECTION[handle];
}

/**
 * Drags one handle of a (possibly turned) box to `pointer`; the opposite edge or corner stays
 * where it is. On an upright or quarter-turned box the dragged edge snaps to the grid; on other
 * angles the size does.
 */
export function resizeBox(box: Box, handle: Handle, pointer: Point, grid: number): Box {
  const dir = HANDLE_DIRECTION[handle];
  const quarterTurn = box.rotation % 90 === 0;
  const target = quarterTurn && grid > 1 ? { x: snap(pointer.x, grid), y: snap(pointer.y, grid) } : pointer;
  const center = centerOf(box);
  const local = rotatePoint(target, -box.rotation, center);
  const localPointer = { x: local.x - center.x, y: local.y - center.y };

  const resizeAxis = (direction: number, size: number, pointerOffset: number) => {
    if (direction === 0) return { size, centerShift: 0 };
    const fixed = (-direction * size) / 2;
    let next = direction * (pointerOffset - fixed);
    if (!quarterTurn && grid > 1) next = snap(next, grid);
    next = Math.min(SPACE_MAX_SIZE, Math.max(MIN_SPACE_SIZE, Math.round(next)));
    return { size: next, centerShift: fixed + (direction * next) / 2 };
  };
  const w = resizeAxis(dir.x, box.width, localPointer.x);
  const h = resizeAxis(dir.y, box.height, localPointer.y);
  const newCenter = rotatePoint({ x: center.x + w.centerShift, y: center.y + h.centerShift }, box.rotation, center);
  return {
    x: Math.round(newCenter.x - w.size / 2),
    y: Math.round(newCenter.y - h.size / 2),
    width: w.size,
    height: h.size,
    rotation: box.rotation,
  };
}

/** The angle that points the box's top (where the turn handle sits) at `pointer`. */
export function rotationTowards(box: Box, pointer: Point, free: boolean): number {
  const c = centerOf(box);
  const degrees = (Math.atan2(pointer.y - c.y, pointer.x - c.x) * 180) / Math.PI + 90;
  return free ? normaliseAngle(degrees) : snapAngle(degrees);
}

/** A new space from a dragged rectangle; a click (tiny drag) gives the default size centred there. */
export function boxFromDrag(start: Point, end: Point, grid: number, defaultSize: Size): Box {
  const rect = rectBetween(start, end);
  if (rect.width < MIN_SPACE_SIZE && rect.height < MIN_SPACE_SIZE) {
    return {
      x: snap(start.x - defaultSize.width / 2, grid),
      y: snap(start.y - defaultSize.height / 2, grid),
      width: defaultSize.width,
      height: defaultSize.height,
      rotation: 0,
    };
  }
  const x = snap(rect.x, grid);
  const y = snap(rect.y, grid);
  const sizeOf = (from: number, to: number) => Math.max(MIN_SPACE_SIZE, snap(to, grid) - from);
  return { x, y, width: sizeOf(x, rect.x + rect.width), height: sizeOf(y, rect.y + rect.height), rotation: 0 };
}

/**
 * The API stores only x, y ≥ 0. A turned box near the top or left edge can have its upright
 * corner outside the plan even though all of it shows; the same area can then be described with
 * width and height swapped and a quarter turn more (as the reference editor does).
 */
export function withNonNegativeOrigin(box: Box): Box {
  if (box.x >= 0 && box.y >= 0) return box;
  const c = centerOf(box);
  const swapped: Box = {
    x: Math.round(c.x - box.height / 2),
    y: Math.round(c.y - box.width / 2),
    width: box.height,
    height: box.width,
    rotation: normaliseAngle(box.rotation + 90),
  };
  if (swapped.x >= 0 && swapped.y >= 0) return swapped;
  return { ...box, x: Math.max(0, box.x), y: Math.max(0, box.y) };
}

export type AlignEdge = 'left' | 'centerX' | 'right' | 'top' | 'centerY' | 'bottom';

/** Moves each box so its covered rectangle lines up with the others' on one edge or centre line. */
export function alignDeltas(boxes: readonly Box[], edge: AlignEdge): Point[] {
  const bounds = boxes.map(boundsOf);
  const all = unionOf(bounds);
  if (!all) return [];
  return bounds.map((b) => {
    switch (edge) {
      case 'left':
        return { x: Math.round(all.x - b.x), y: 0 };
      case 'right':
        return { x: Math.round(all.x + all.width - (b.x + b.width)), y: 0 };
      case 'centerX':
        return { x: Math.round(all.x + all.width / 2 - (b.x + b.width / 2)), y: 0 };
      case 'top':
        return { x: 0, y: Math.round(all.y - b.y) };
      case 'bottom':
        return { x: 0, y: Math.round(all.y + all.height - (b.y + b.height)) };
      case 'centerY':
        return { x: 0, y: Math.round(all.y + all.height / 2 - (b.y + b.height / 2)) };
    }
  });
}
