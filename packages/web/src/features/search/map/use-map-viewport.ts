import { useCallback, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import type { Point, Rect, Size } from '../../../shared/plan/geometry';
import { useFittedViewport } from '../../../shared/plan/use-fitted-viewport';
import { zoomAround, type Viewport } from '../../../shared/plan/viewport';

/** Room (px) kept between a space brought into view and the frame's edge. */
const REVEAL_MARGIN = 24;
/** Pointer travel (px) before a press becomes a pan rather than a tap on a space. */
const TAP_SLOP_PX = 6;

interface Gesture {
  pointers: Map<number, Point>;
  startView: Viewport;
  start: Map<number, Point>;
  moved: boolean;
}

const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * Pan and zoom of the read-only map: fits the plan on load and on resize (until the user moves
 * it), wheel zoom around the pointer, one-finger or mouse pan, two-finger pinch.
 */
export function useMapViewport(plan: Size) {
  const { frameRef, view, viewRef, screen, fit, moveTo, zoomIn, zoomOut } = useFittedViewport(plan);
  const gesture = useRef<Gesture | null>(null);
  /** Set when the last press panned, so the click that follows does not open a space. */
  const panned = useRef(false);

  /**
   * Pans (without zooming) the least needed to show a plan rectangle whole, or centres it when
   * it is larger than the frame: a space reached with the keyboard is always in sight.
   */
  const reveal = useCallback(
    (rect: Rect) => {
      const { width, height } = screen.current;
      if (width <= 0 || height <= 0) return;
      const v = viewRef.current;
      const shift = (start: number, size: number, extent: number) => {
        const s0 = start * v.zoom;
        const s1 = (start + size) * v.zoom;
        if (s1 - s0 > extent - 2 * REVEAL_MARGIN) return extent / 2 - (s0 + s1) / 2;
        if (s0 < REVEAL_MARGIN) return REVEAL_MARGIN - s0;
        if (s1 > extent - REVEAL_MARGIN) return extent - REVEAL_MARGIN - s1;
        return 0;
      };
      const dx = shift(rect.x + v.x / v.zoom, rect.width, width);
      const dy = shift(rect.y + v.y / v.zoom, rect.height, height);
      if (dx === 0 && dy === 0) return;
      moveTo({ ...v, x: v.x + dx, y: v.y + dy });
    },
    [viewRef, screen, moveTo],
  );

  const pointOf = (event: { clientX: number; clientY: number }): Point => {
    const rect = frameRef.current?.getBoundingClientRect();
    return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) };
  };

  const restart = (g: Gesture, v: Viewport) => {
    g.startView = v;
    g.start = new Map(g.pointers);
  };

  const onPointerDown = (event: ReactPointerEvent<Element>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const g = gesture.current ?? { pointers: new Map(), start: new Map(), startView: view, moved: false };
    if (!gesture.current) panned.current = false;
    g.pointers.set(event.pointerId, pointOf(event));
    restart(g, view);
    gesture.current = g;
  };

  const onPointerMove = (event: ReactPointerEvent<Element>) => {
    const g = gesture.current;
    if (!g?.pointers.has(event.pointerId)) return;
    g.pointers.set(event.pointerId, pointOf(event));
    const [a, b] = [...g.pointers.keys()];
    const pa = a === undefined ? undefined : g.pointers.get(a);
    const sa = a === undefined ? undefined : g.start.get(a);
    if (!pa || !sa) return;
    if (!g.moved && distance(pa, sa) < TAP_SLOP_PX && g.pointers.size < 2) return;
    if (!g.moved) {
      g.moved = true;
      panned.current = true;
      (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
    }
    const pb = b === undefined ? undefined : g.pointers.get(b);
    const sb = b === undefined ? undefined : g.start.get(b);
    if (pb && sb) {
      const before = midpoint(sa, sb);
      const after = midpoint(pa, pb);
      const factor = distance(pa, pb) / Math.max(1, distance(sa, sb));
      const zoomed = zoomAround(g.startView, factor, before);
      moveTo({ ...zoomed, x: zoomed.x + after.x - before.x, y: zoomed.y + after.y - before.y });
    } else {
      moveTo({ ...g.startView, x: g.startView.x + pa.x - sa.x, y: g.startView.y + pa.y - sa.y });
    }
  };

  const onPointerEnd = (event: ReactPointerEvent<Element>) => {
    const g = gesture.current;
    if (!g) return;
    g.pointers.delete(event.pointerId);
    if (g.pointers.size === 0) gesture.current = null;
    else restart(g, viewRef.current);
  };

  return {
    frameRef,
    view,
    fit,
    zoomIn,
    zoomOut,
    reveal,
    wasPanned: () => panned.current,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
    },
  };
}
