import { describe, expect, it } from 'vitest';
import type { Box } from '../../../shared/plan/geometry';
import {
  alignDeltas,
  boundsOf,
  boxFromDrag,
  keepOnPlan,
  moveDelta,
  normaliseAngle,
  resizeBox,
  rotatePoint,
  rotationTowards,
  snap,
  snapAngle,
  withNonNegativeOrigin,
} from './geometry';

const plan = { width: 1000, height: 800 };
const box = (over: Partial<Box> = {}): Box => ({ x: 100, y: 100, width: 100, height: 50, rotation: 0, ...over });

describe('snapping', () => {
  it('rounds positions to the grid, or to whole pixels when the grid is off', () => {
    expect(snap(14, 10)).toBe(10);
    expect(snap(15, 10)).toBe(20);
    expect(snap(14.6, 1)).toBe(15);
    expect(snap(-4, 10)).toBe(-0);
  });

  it('turns in 15° steps and keeps angles in 0–359', () => {
    expect(snapAngle(7)).toBe(0);
    expect(snapAngle(8)).toBe(15);
    expect(snapAngle(353)).toBe(0);
    expect(snapAngle(352)).toBe(345);
    expect(snapAngle(-20)).toBe(345);
    expect(normaliseAngle(725.4)).toBe(5);
  });
});

describe('moving', () => {
  it('snaps the first box to the grid and moves the others by the same amount', () => {
    const boxes = [box({ x: 100, y: 100 }), box({ x: 333, y: 201 })];
    expect(moveDelta(boxes, 13, 27, plan, 10)).toEqual({ x: 10, y: 30 });
    expect(moveDelta(boxes, 13, 27, plan, 1)).toEqual({ x: 13, y: 27 });
  });

  it('stops at the edges of the plan, for the whole selection', () => {
    const boxes = [box({ x: 100, y: 100 }), box({ x: 850, y: 700 })];
    expect(moveDelta(boxes, -500, 500, plan, 1)).toEqual({ x: -100, y: 50 });
  });

  it('uses the covered area of a turned box for the edges', () => {
    // 100×50 turned 90° covers 50×100 around its centre (150, 125): from x 125 to 175.
    const turned = box({ rotation: 90 });
    expect(moveDelta([turned], -500, 0, plan, 1)).toEqual({ x: -125, y: 0 });
  });
});

describe('resizing', () => {
  it('moves only the dragged edge of an upright box', () => {
    expect(resizeBox(box(), 'e', { x: 260, y: 0 }, 1)).toEqual(box({ width: 160 }));
    expect(resizeBox(box(), 'nw', { x: 80, y: 70 }, 1)).toEqual(box({ x: 80, y: 70, width: 120, height: 80 }));
  });

  it('snaps the dragged edge to the grid', () => {
    expect(resizeBox(box(), 'se', { x: 247, y: 163 }, 10)).toEqual(box({ width: 150, height: 60 }));
  });

  it('keeps a minimum size instead of turning inside out', () => {
    const r = resizeBox(box(), 'w', { x: 400, y: 0 }, 1);
    expect(r.width).toBe(10);
    expect(r.x + r.width).toBe(200);
  });

  it('keeps the opposite edge of a turned box where it was', () => {
    const turned = box({ rotation: 90 }); // centre (150, 125); its local east edge points down
    const before = rotatePoint({ x: 100, y: 125 }, 90, { x: 150, y: 125 }); // west edge midpoint
    const resized = resizeBox(turned, 'e', { x: 150, y: 200 }, 1);
    expect(resized.width).toBe(125);
    const c = { x: resized.x + resized.width / 2, y: resized.y + resized.height / 2 };
    const after = rotatePoint({ x: resized.x, y: c.y }, 90, c);
    // Within the pixel the stored whole-number corner allows.
    expect(Math.abs(after.x - before.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(after.y - before.y)).toBeLessThanOrEqual(1);
  });
});

describe('rotating', () => {
  it('points the top of the box at the pointer, in 15° steps unless free', () => {
    const b = box(); // centre (150, 125)
    expect(rotationTowards(b, { x: 150, y: 0 }, false)).toBe(0);
    expect(rotationTowards(b, { x: 300, y: 125 }, false)).toBe(90);
    expect(rotationTowards(b, { x: 150, y: 300 }, false)).toBe(180);
    expect(rotationTowards(b, { x: 250, y: 30 }, false)).toBe(45);
    expect(rotationTowards(b, { x: 250, y: 20 }, true)).toBe(44);
  });

  it('computes what a turned box covers', () => {
    const bounds = boundsOf(box({ rotation: 90 }));
    expect(bounds.x).toBeCloseTo(125);
    expect(bounds.width).toBeCloseTo(50);
    expect(bounds.height).toBeCloseTo(100);
  });
});

describe('drawing a new space', () => {
  it('takes the dragged rectangle in any direction, snapped', () => {
    expect(boxFromDrag({ x: 312, y: 208 }, { x: 181, y: 99 }, 10, { width: 120, height: 60 })).toEqual({
      x: 180,
      y: 100,
      width: 130,
      height: 110,
      rotation: 0,
    });
  });

  it('gives a click the default size, centred on the click', () => {
    expect(boxFromDrag({ x: 300, y: 300 }, { x: 302, y: 301 }, 10, { width: 120, height: 60 })).toEqual({
      x: 240,
      y: 270,
      width: 120,
      height: 60,
      rotation: 0,
    });
  });
});

describe('staying valid for the API', () => {
  it('pulls a box back onto the plan', () => {
    expect(keepOnPlan(box({ x: 950 }), plan).x).toBe(900);
  });

  it('describes a turned box near the edge with a non-negative corner', () => {
    // 20×100 turned 90° near the top: upright corner at y = -30, yet all of it shows.
    const b: Box = { x: 40, y: -30, width: 20, height: 100, rotation: 90 };
    expect(withNonNegativeOrigin(b)).toEqual({ x: 0, y: 10, width: 100, height: 20, rotation: 180 });
  });
});

describe('aligning', () => {
  it('lines up the left edges and the vertical centres', () => {
    const boxes = [box({ x: 100, y: 100 }), box({ x: 160, y: 300, height: 150 })];
    expect(alignDeltas(boxes, 'left')).toEqual([
      { x: 0, y: 0 },
      { x: -60, y: 0 },
    ]);
    expect(alignDeltas(boxes, 'centerY').map((d) => d.y)).toEqual([150, -100]);
  });
});
