import { describe, expect, it } from 'vitest';
import { centreOn, fitViewport, MAX_ZOOM, screenToPlan, zoomAround } from './viewport';

describe('viewport', () => {
  it('fits the plan into the screen, centred', () => {
    const view = fitViewport({ width: 1600, height: 900 }, { width: 848, height: 600 });
    expect(view.zoom).toBeCloseTo(0.5);
    expect(view.x).toBeCloseTo(24);
    expect(view.y).toBeCloseTo((600 - 450) / 2);
  });

  it('keeps the point under the pointer in place when zooming', () => {
    const view = { zoom: 1, x: 10, y: 20 };
    const anchor = { x: 300, y: 200 };
    const before = screenToPlan(view, anchor);
    const zoomed = zoomAround(view, 2, anchor);
    expect(zoomed.zoom).toBe(2);
    expect(screenToPlan(zoomed, anchor)).toEqual(before);
  });

  it('does not zoom beyond its limits', () => {
    expect(zoomAround({ zoom: 6, x: 0, y: 0 }, 4, { x: 0, y: 0 }).zoom).toBe(MAX_ZOOM);
  });

  it('centres a plan point', () => {
    const view = centreOn({ zoom: 2, x: 0, y: 0 }, { x: 100, y: 50 }, { width: 800, height: 600 });
    expect(screenToPlan(view, { x: 400, y: 300 })).toEqual({ x: 100, y: 50 });
  });
});
