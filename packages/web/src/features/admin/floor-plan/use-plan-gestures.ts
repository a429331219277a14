import { useCallback, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import type { Box, Point, Rect, Size } from '../../../shared/plan/geometry';
import { screenToPlan, type Viewport } from '../../../shared/plan/viewport';
import type { DraftSpace } from './draft-space';
import type { EditorAction, EditorState, SpaceChanges } from './editor-state';
import {
  boundsOf,
  boxFromDrag,
  keepOnPlan,
  moveDelta,
  rectBetween,
  rectsOverlap,
  resizeBox,
  rotationTowards,
  type Handle,
} from './geometry';
import type { EditorTool } from './keyboard';

/** Pointer travel (screen px) before a press on a space becomes a drag rather than a click. */
const DRAG_THRESHOLD_PX = 3;

type Gesture =
  | { kind: 'press'; origin: Point; keys: string[]; start: Box[] }
  | { kind: 'move'; origin: Point; keys: string[]; start: Box[] }
  | { kind: 'resize'; key: string; handle: Handle; start: Box }
  | { kind: 'rotate'; key: string; start: Box }
  | { kind: 'marquee'; origin: Point; additive: boolean }
  | { kind: 'draw'; origin: Point }
  | { kind: 'pan'; originScreen: Point; startView: Viewport };

export type GestureOverlay = { kind: 'marquee' | 'draw'; rect: Rect } | null;

export interface PlanGestureOptions {
  svgRef: RefObject<SVGSVGElement | null>;
  state: () => EditorState;
  viewport: () => Viewport;
  setViewport: (view: Viewport) => void;
  dispatch: (action: EditorAction) => void;
  tool: EditorTool;
  /** Held Space key: drag pans whatever the tool. */
  panKeyHeld: () => boolean;
  grid: number;
  plan: Size;
  onDrawn: (box: Box) => void;
  defaultSize: Size;
}

const boxOf = (s: DraftSpace): Box => ({ x: s.x, y: s.y, width: s.width, height: s.height, rotation: s.rotation });

/** Pointer handling of the plan: select, move, resize, turn, rubber band, draw and pan. */
export function usePlanGestures(options: PlanGestureOptions) {
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const gesture = useRef<Gesture | null>(null);
  const [overlay, setOverlay] = useState<GestureOverlay>(null);

  const screenPoint = useCallback((event: { clientX: number; clientY: number }): Point => {
    const rect = optionsRef.current.svgRef.current?.getBoundingClientRect();
    return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) };
  }, []);

  const planPoint = useCallback(
    (event: { clientX: number; clientY: number }) => screenToPlan(optionsRef.current.viewport(), screenPoint(event)),
    [screenPoint],
  );

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<SVGSVGElement>) => {
      const o = optionsRef.current;
      if (event.button !== 0 && event.button !== 1) return;
      event.currentTarget.setPointerCapture?.(event.pointerId);
      const target = event.target as Element;
      if (event.button === 1 || o.tool === 'pan' || o.panKeyHeld()) {
        event.preventDefault();
        gesture.current = { kind: 'pan', originScreen: screenPoint(event), startView: o.viewport() };
        return;
      }
      const point = planPoint(event);
      const state = o.state();
      if (o.tool === 'add') {
        gesture.current = { kind: 'draw', origin: point };
        return;
      }
      const handle = target.closest('[data-handle]')?.getAttribute('data-handle');
      const [selectedKey] = state.selection;
      const selectedSpace = selectedKey ? state.present.spaces[selectedKey] : undefined;
      if (handle && selectedKey && selectedSpace && state.selection.length === 1) {
        o.dispatch({ type: 'beginGesture' });
        gesture.current =
          handle === 'rotate'
            ? { kind: 'rotate', key: selectedKey, start: boxOf(selectedSpace) }
            : { kind: 'resize', key: selectedKey, handle: handle as Handle, start: boxOf(selectedSpace) };
        return;
      }
      const key = target.closest('[data-space-key]')?.getAttribute('data-space-key');
      if (key && state.present.spaces[key]) {
        const alreadySelected = state.selection.includes(key);
        if (event.shiftKey || event.ctrlKey || event.metaKey) {
          o.dispatch({ type: 'select', keys: [key], mode: 'toggle' });
          // A space just taken out of the selection is not dragged.
          if (alreadySelected) return;
        } else if (!alreadySelected) {
          o.dispatch({ type: 'select', keys: [key], mode: 'replace' });
        }
        const keys = event.shiftKey || alreadySelected ? [...new Set([key, ...state.selection])] : [key];
        const start = keys.flatMap((k) => {
          const s = state.present.spaces[k];
          return s ? [boxOf(s)] : [];
        });
        gesture.current = { kind: 'press', origin: point, keys, start };
        return;
      }
      gesture.current = { kind: 'marquee', origin: point, additive: event.shiftKey };
      if (!event.shiftKey) o.dispatch({ type: 'select', keys: [], mode: 'replace' });
    },
    [planPoint, screenPoint],
  );

  const onPointerMove = useCallback(
    (event: ReactPointerEvent<SVGSVGElement>) => {
      const g = gesture.current;
      if (!g) return;
      const o = optionsRef.current;
      if (g.kind === 'pan') {
        const p = screenPoint(event);
        o.setViewport({
          ...g.startView,
          x: g.startView.x + p.x - g.originScreen.x,
          y: g.startView.y + p.y - g.originScreen.y,
        });
        return;
      }
      const point = planPoint(event);
      if (g.kind === 'press') {
        const travel = Math.hypot(point.x - g.origin.x, point.y - g.origin.y) * o.viewport().zoom;
        if (travel < DRAG_THRESHOLD_PX) return;
        o.dispatch({ type: 'beginGesture' });
        gesture.current = { ...g, kind: 'move' };
      }
      const current = gesture.current;
      if (!current) return;
      if (current.kind === 'move') {
        const delta = moveDelta(current.start, point.x - current.origin.x, point.y - current.origin.y, o.plan, o.grid);
        const changes: Record<string, Partial<DraftSpace>> = {};
        current.keys.forEach((key, i) => {
          const start = current.start[i];
          if (start) changes[key] = { x: start.x + delta.x, y: start.y + delta.y };
        });
        o.dispatch({ type: 'gesture', changes: changes as SpaceChanges });
      } else if (current.kind === 'resize') {
        const box = keepOnPlan(resizeBox(current.start, current.handle, point, o.grid), o.plan);
        o.dispatch({ type: 'gesture', changes: { [current.key]: box } });
      } else if (current.kind === 'rotate') {
        const rotation = rotationTowards(current.start, point, event.shiftKey);
        const box = keepOnPlan({ ...current.start, rotation }, o.plan);
        o.dispatch({ type: 'gesture', changes: { [current.key]: box } });
      } else if (current.kind === 'marquee' || current.kind === 'draw') {
        setOverlay({ kind: current.kind, rect: rectBetween(current.origin, point) });
      }
    },
    [planPoint, screenPoint],
  );

  const finish = useCallback(
    (event: ReactPointerEvent<SVGSVGElement>, cancelled: boolean) => {
      const g = gesture.current;
      gesture.current = null;
      setOverlay(null);
      if (!g) return;
      const o = optionsRef.current;
      if (g.kind === 'move' || g.kind === 'resize' || g.kind === 'rotate') {
        o.dispatch({ type: cancelled ? 'cancelGesture' : 'endGesture' });
        return;
      }
      if (cancelled) return;
      const point = planPoint(event);
      if (g.kind === 'marquee') {
        const band = rectBetween(g.origin, point);
        if (band.width * o.viewport().zoom < DRAG_THRESHOLD_PX && band.height * o.viewport().zoom < DRAG_THRESHOLD_PX)
          return;
        const { present } = o.state();
        const hits = present.order.filter((key) => {
          const s = present.spaces[key];
          return s && rectsOverlap(band, boundsOf(s));
        });
        o.dispatch({ type: 'select', keys: hits, mode: g.additive ? 'add' : 'replace' });
      } else if (g.kind === 'draw') {
        o.onDrawn(keepOnPlan(boxFromDrag(g.origin, point, o.grid, o.defaultSize), o.plan));
      }
    },
    [planPoint],
  );

  const onPointerUp = useCallback((event: ReactPointerEvent<SVGSVGElement>) => finish(event, false), [finish]);
  const onPointerCancel = useCallback((event: ReactPointerEvent<SVGSVGElement>) => finish(event, true), [finish]);

  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, overlay };
}
