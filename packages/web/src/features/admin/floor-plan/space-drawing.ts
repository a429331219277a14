import type { SpaceFontSize } from '@perch/contract';
import type { DraftSpace } from './draft-space';

/** Label sizes in plan pixels, as the booking map uses them (reference §1.3). */
export const LABEL_FONT_SIZE: Record<SpaceFontSize, number> = { small: 10, normal: 12, big: 14, bigger: 18 };

export type ShapeGeometry =
  | { kind: 'rect'; x: number; y: number; width: number; height: number }
  | { kind: 'ellipse'; cx: number; cy: number; rx: number; ry: number }
  | { kind: 'polygon'; points: string };

/** The outline of a space in its upright frame (the caller turns it). */
export function shapeGeometry(space: DraftSpace): ShapeGeometry {
  const { x, y, width, height } = space;
  if (space.shape === 'circle') {
    return { kind: 'ellipse', cx: x + width / 2, cy: y + height / 2, rx: width / 2, ry: height / 2 };
  }
  if (space.shape === 'trapezoid') {
    // The booking map clips with polygon(20% 0, 80% 0, 100% 100%, 0 100%).
    const points = [
      [x + width * 0.2, y],
      [x + width * 0.8, y],
      [x + width, y + height],
      [x, y + height],
    ];
    return { kind: 'polygon', points: points.map((p) => p.join(',')).join(' ') };
  }
  return { kind: 'rect', x, y, width, height };
}
