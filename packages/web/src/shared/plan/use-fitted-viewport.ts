import { useCallback, useEffect, useRef, useState } from 'react';
import type { Point, Size } from './geometry';
import { fitViewport, zoomAround, ZOOM_STEP, type Viewport } from './viewport';

/** Zoom per wheel notch-pixel; trackpad pinches send small deltas with Ctrl held. */
const WHEEL_ZOOM_SPEED = 0.0015;

/**
 * The pan and zoom that the editor and the booking map share: the plan fits its frame, on load
 * and on resize, until the person zooms or pans; the wheel zooms around the pointer.
 */
export function useFittedViewport(plan: Size) {
  const frameRef = useRef<HTMLDivElement | null>(null);
  const [view, setView] = useState<Viewport>({ zoom: 1, x: 0, y: 0 });
  const viewRef = useRef(view);
  viewRef.current = view;
  /** The frame's size in screen pixels, as last measured. */
  const screen = useRef<Size>({ width: 0, height: 0 });
  const adjusted = useRef(false);

  const fit = useCallback(() => {
    adjusted.current = false;
    setView(fitViewport(plan, screen.current));
  }, [plan]);

  /** A view the person chose: the plan no longer fits itself to the frame until `fit`. */
  const moveTo = useCallback((next: Viewport) => {
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

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const measure = () => {
      screen.current = { width: frame.clientWidth, height: frame.clientHeight };
      if (!adjusted.current) setView(fitViewport(plan, screen.current));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    // Not a React handler: it must be non-passive to keep the page from scrolling.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = frame.getBoundingClientRect();
      const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      zoomBy(Math.exp(-delta * WHEEL_ZOOM_SPEED), { x: event.clientX - rect.left, y: event.clientY - rect.top });
    };
    frame.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      observer.disconnect();
      frame.removeEventListener('wheel', onWheel);
    };
  }, [plan, zoomBy]);

  return { frameRef, view, viewRef, screen, fit, moveTo, zoomIn, zoomOut };
}
