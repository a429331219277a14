import type { Point, Size } from './geometry';

/** How the plan lies on the screen: screen = plan × zoom + (x, y). */
export interface Viewport {
  zoom: number;
  x: number;
  y: number;
}

export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 8;
export const ZOOM_STEP = 1.25;
const FIT_PADDING = 24;

const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

/** The whole plan, centred, as large as the screen allows. */
export function fitViewport(plan: Size, screen: Size): Viewport {
  if (plan.width <= 0 || plan.height <= 0 || screen.width <= 0 || screen.height <= 0) return { zoom: 1, x: 0, y: 0 };
  const zoom = clampZoom(
    Math.min((screen.width - 2 * FIT_PADDING) / plan.width, (screen.height - 2 * FIT_PADDING) / plan.height),
  );
  return { zoom, x: (screen.width - plan.width * zoom) / 2, y: (screen.height - plan.height * zoom) / 2 };
}

/** Zooms by `factor` keeping the plan point under `anchor` (a screen point) where it is. */
export function zoomAround(view: Viewport, factor: number, anchor: Point): Viewport {
  const zoom = clampZoom(view.zoom * factor);
  const k = zoom / view.zoom;
  return { zoom, x: anchor.x - (anchor.x - view.x) * k, y: anchor.y - (anchor.y - view.y) * k };
}

export function screenToPlan(view: Viewport, point: Point): Point {
  return { x: (point.x - view.x) / view.zoom, y: (point.y - view.y) / view.zoom };
}

/** Pans so that the plan point `target` sits in the middle of the screen. */
export function centreOn(view: Viewport, target: Point, screen: Size): Viewport {
  return { ...view, x: screen.width / 2 - target.x * view.zoom, y: screen.height / 2 - target.y * view.zoom };
}
