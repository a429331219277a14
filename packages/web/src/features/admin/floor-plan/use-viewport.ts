import { useCallback } from 'react';
import type { Size } from '../../../shared/plan/geometry';
import { useFittedViewport } from '../../../shared/plan/use-fitted-viewport';
import { centreOn } from '../../../shared/plan/viewport';

/**
 * Zoom and pan of the plan inside its frame. Fits the plan until the admin zooms or pans; the
 * wheel zooms around the pointer.
 */
export function useViewport(plan: Size) {
  const { frameRef, view, viewRef, screen, fit, moveTo, zoomIn, zoomOut } = useFittedViewport(plan);

  /** Brings a plan rectangle into view if it is (partly) outside. */
  const reveal = useCallback(
    (target: { x: number; y: number; width: number; height: number }) => {
      const v = viewRef.current;
      const { width, height } = screen.current;
      const left = target.x * v.zoom + v.x;
      const top = target.y * v.zoom + v.y;
      const inside =
        left >= 0 && top >= 0 && left + target.width * v.zoom <= width && top + target.height * v.zoom <= height;
      if (inside || width === 0) return;
      moveTo(centreOn(v, { x: target.x + target.width / 2, y: target.y + target.height / 2 }, screen.current));
    },
    [viewRef, screen, moveTo],
  );

  return { containerRef: frameRef, view, viewRef, setViewport: moveTo, fit, zoomIn, zoomOut, reveal };
}
