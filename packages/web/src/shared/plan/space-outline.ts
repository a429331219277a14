/** A space's outline in its upright frame (the caller turns it), as both the editor and the booking map draw it. */
export type SpaceOutline =
  | { kind: 'rect'; x: number; y: number; width: number; height: number }
  | { kind: 'ellipse'; cx: number; cy: number; rx: number; ry: number }
  | { kind: 'polygon'; points: string };

interface ShapedBox {
  /** `rect`, `circle` or `trapezoid`; anything else is drawn as a rectangle. */
  shape: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export function spaceOutline({ shape, x, y, width, height }: ShapedBox): SpaceOutline {
  if (shape === 'circle')
    return { kind: 'ellipse', cx: x + width / 2, cy: y + height / 2, rx: width / 2, ry: height / 2 };
  if (shape === 'trapezoid') {
    // 20 % in from each side at the top, the full width at the bottom.
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
