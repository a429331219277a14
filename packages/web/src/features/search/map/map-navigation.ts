import type { Rect } from '../../../shared/plan/geometry';

/** The part of a space the map needs to find its neighbours: where it lies, turned or not. */
export interface PlacedSpace {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
}

/** The upright rectangle a space covers once turned around its centre. */
export function boundsOf(space: PlacedSpace): Rect {
  const turn = ((space.rotation || 0) * Math.PI) / 180;
  const cos = Math.abs(Math.cos(turn));
  const sin = Math.abs(Math.sin(turn));
  const width = space.width * cos + space.height * sin;
  const height = space.width * sin + space.height * cos;
  const cx = space.x + space.width / 2;
  const cy = space.y + space.height / 2;
  return { x: cx - width / 2, y: cy - height / 2, width, height };
}

export type MapDirection = 'left' | 'right' | 'up' | 'down';

/**
 * The plan is never mirrored, so the arrow keys mean the plan's directions in every language
 * (ArrowLeft is left on the plan in Hebrew too).
 */
export const ARROW_DIRECTION: Readonly<Record<string, MapDirection>> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

/** Distance between two ranges on a line (0 when they overlap). */
const gap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, b0 - a1, a0 - b1);

/**
 * The space an arrow key moves to from `from`: the nearest one lying in that direction. A space
 * in the same row (or column: it overlaps the current one across the direction) wins over any
 * off to the side, so rows stay rows; then one whose centre is past the current space's edge;
 * then (for uneven plans) one at least as far along as it is off to the side. `null` at the
 * plan's edge.
 */
export function neighbourInDirection(
  from: PlacedSpace,
  spaces: readonly PlacedSpace[],
  direction: MapDirection,
): PlacedSpace | null {
  const a = boundsOf(from);
  const horizontal = direction === 'left' || direction === 'right';
  const sign = direction === 'right' || direction === 'down' ? 1 : -1;
  const centre = (r: Rect) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });
  const ca = centre(a);
  let best: { space: PlacedSpace; tier: number; score: number } | null = null;
  for (const space of spaces) {
    if (space.id === from.id) continue;
    const b = boundsOf(space);
    const cb = centre(b);
    const along = (horizontal ? cb.x - ca.x : cb.y - ca.y) * sign;
    if (along <= 0) continue;
    const across = Math.abs(horizontal ? cb.y - ca.y : cb.x - ca.x);
    const past = along >= (horizontal ? a.width : a.height) / 2;
    const sideGap = horizontal
      ? gap(a.y, a.y + a.height, b.y, b.y + b.height)
      : gap(a.x, a.x + a.width, b.x, b.x + b.width);
    const tier = past && sideGap === 0 ? 0 : past ? 1 : along >= across ? 2 : null;
    if (tier === null) continue;
    const score = along + sideGap * 2 + across * 0.5;
    if (!best || tier < best.tier || (tier === best.tier && score < best.score)) best = { space, tier, score };
  }
  return best?.space ?? null;
}
