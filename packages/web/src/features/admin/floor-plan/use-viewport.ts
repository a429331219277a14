import { useCallback, useEffect, useRef, useState } from 'react';
import type { Point, Size } from '../../../shared/plan/geometry';
import { centreOn, fitViewport, zoomAround, ZOOM_STEP, type Viewport } from '../../../shared/plan/viewport';

/** Zoom per wheel notch-pixel; trackpad pinches send small deltas with Ctrl held. */
const WHEEL_ZOOM_SPEED = 0.0015;

/**
 * Zoom and pan of the plan inside its frame. Fits the plan until the admin zooms or pans; the
 * wheel zooms around the pointer.
 */
export function useViewport(plan: Size) {
  const containerRef = useRef<HTMLDivElement | null>(null);
  const [view, setView] = useState<Viewport>({ zoom: 1, x: 0, y: 0 });
  const viewRef = useRef(view);
  viewRef.current = view;
  const screen = useRef<Size>({ width: 0, height: 0 });
  const adjusted = useRef(false);

  const fit = useCallback(() => {
    adjusted.current = false;
    setView(fitViewport(plan, screen.current));
  }, [plan]);

  const setViewport = useCallback((next: Viewport) => {
    adjusted.current = true;
    setView(next);
  }, []);

  const zoomBy = useCallback((factor: number, anchor?: Point) => {
    adjusted.current = true;
    const centre = anchor ?? { x: screen.current.width / 2, y: screen.current.height / 2 };
    setView((v) => zoomAround(v, factor, centre));
  }, []);

  const zoomIn = useCallback(() => zoomBy(ZOOM_STEP), [zoomBy]);
  const zoomOut = useCallback(() => zoomBy(1 / ZOOM_STEP), [zoomBy]);

  /** Brings a plan rectangle into view if it is (partly) outside. */
  const reveal = useCallback((target: { x: number; y: number; width: number; height: number }) => {
    const v = viewRef.current;
    const { width, height } = screen.current;
    const left = target.x * v.zoom + v.x;
    const top = target.y * v.zoom + v.y;
    const inside =
      left >= 0 && top >= 0 && left + target.width * v.zoom <= width && top + target.height * v.zoom <= height;
    if (inside || width === 0) return;
    adjusted.current = true;
    setView(centreOn(v, { x: target.x + target.width / 2, y: target.y + target.height / 2 }, screen.current));
  }, []);

  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const measure = () => {
      screen.current = { width: element.clientWidth, height: element.clientHeight };
      if (!adjusted.current) setView(fitViewport(plan, screen.current));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // Not a React handler: it must be non-passive to keep the page from scrolling.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      zoomBy(Math.exp(-delta * WHEEL_ZOOM_SPEED), { x: event.clientX - rect.left, y: event.clientY - rect.top });
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      observer.disconnect();
      element.removeEventListener('wheel', onWheel);
    };
  }, [plan, zoomBy]);

  return { containerRef, view, viewRef, setViewport, fit, zoomIn, zoomOut, reveal };
}
