import { Badge, Paper, Text } from '@mantine/core';
import { memo, useCallback, useId, useMemo, useRef, type CSSProperties, type FocusEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Box, Rect, Size } from '../../../shared/plan/geometry';
import type { Viewport } from '../../../shared/plan/viewport';
import type { EditorAction, EditorState } from './editor-state';
import classes from './floor-plan.module.css';
import { boundsOf } from './geometry';
import type { EditorTool } from './keyboard';
import { SelectionOverlay } from './SelectionOverlay';
import { SpaceLayer } from './SpaceLayer';
import { usePlanGestures } from './use-plan-gestures';
import { PlanSheet } from '../../../shared/plan/PlanSheet';

/** Labels stay at least this tall on screen… */
const MIN_LABEL_SCREEN_PX = 8;
/** …unless the plan is zoomed out this far, where larger labels would run into each other. */
const LABEL_FLOOR_MIN_ZOOM = 0.3;

/** The smallest label size in plan pixels at this zoom. */
function labelFloor(zoom: number): number {
  return zoom >= LABEL_FLOOR_MIN_ZOOM ? MIN_LABEL_SCREEN_PX / zoom : 0;
}

/** Major grid lines every this many grid steps, so the grid stays readable when zoomed out. */
const GRID_LINE_EVERY = 5;

interface PlanCanvasProps {
  areaName: string;
  plan: Size;
  imageUrl: string | null;
  state: EditorState;
  stateRef: RefObject<EditorState>;
  dispatch: (action: EditorAction) => void;
  tool: EditorTool;
  grid: number;
  showGrid: boolean;
  view: Viewport;
  viewRef: RefObject<Viewport>;
  setViewport: (view: Viewport) => void;
  containerRef: RefObject<HTMLDivElement | null>;
  panKeyHeld: () => boolean;
  onDrawn: (box: Box) => void;
  defaultSize: Size;
  onSpaceFocused: (bounds: Rect) => void;
  onSpaceDoubleClick: () => void;
  svgRef: RefObject<SVGSVGElement | null>;
  /** Id of the text that explains the keyboard use. */
  describedBy: string;
}

const GridLines = memo(function GridLines({ plan, step }: { plan: Size; step: number }) {
  const id = useId();
  return (
    <>
      <defs>
        <pattern id={id} width={step} height={step} patternUnits="userSpaceOnUse">
          <path
            d={`M ${step} 0 L 0 0 0 ${step}`}
            fill="none"
            className={classes.gridLine}
            vectorEffect="non-scaling-stroke"
          />
        </pattern>
      </defs>
      <rect width={plan.width} height={plan.height} fill={`url(#${id})`} pointerEvents="none" />
    </>
  );
});

/** The floor plan with its spaces on top, in plan pixels; never mirrored in right-to-left languages. */
export function PlanCanvas(props: PlanCanvasProps) {
  const { t, i18n } = useTranslation();
  const { state, plan, view, tool, imageUrl } = props;
  const { svgRef } = props;
  const pointerFocus = useRef(false);
  const gestures = usePlanGestures({
    svgRef,
    state: () => props.stateRef.current,
    viewport: () => props.viewRef.current,
    setViewport: props.setViewport,
    dispatch: props.dispatch,
    tool,
    panKeyHeld: props.panKeyHeld,
    grid: props.grid,
    plan,
    onDrawn: props.onDrawn,
    defaultSize: props.defaultSize,
  });

  const selectedSet = useMemo(() => new Set(state.selection), [state.selection]);
  const selectedSpaces = useMemo(
    () => state.selection.flatMap((k) => (state.present.spaces[k] ? [state.present.spaces[k]] : [])),
    [state.selection, state.present.spaces],
  );

  const { dispatch, onSpaceFocused } = props;
  // Tabbing to a space selects it; a click has selected it already (with Shift, perhaps toggled off).
  const onFocus = useCallback(
    (event: FocusEvent<SVGSVGElement>) => {
      const key = (event.target as Element).getAttribute('data-space-key');
      const space = key ? props.stateRef.current.present.spaces[key] : undefined;
      if (!key || !space) return;
      if (!pointerFocus.current && !props.stateRef.current.selection.includes(key)) {
        dispatch({ type: 'select', keys: [key], mode: 'replace' });
      }
      if (!pointerFocus.current) onSpaceFocused(boundsOf(space));
    },
    [dispatch, onSpaceFocused, props.stateRef],
  );

  const cursorClass = tool === 'add' ? classes.addCursor : tool === 'pan' ? classes.panCursor : '';
  return (
    <div ref={props.containerRef} className={classes.viewport} dir="ltr">
      <svg
        ref={svgRef}
        className={`${classes.svg} ${cursorClass}`}
        role="group"
        aria-label={t('floorPlanCanvasLabel', { name: props.areaName })}
        aria-describedby={props.describedBy}
        tabIndex={0}
        onPointerDown={(e) => {
          pointerFocus.current = true;
          gestures.onPointerDown(e);
        }}
        onPointerMove={gestures.onPointerMove}
        onPointerUp={(e) => {
          gestures.onPointerUp(e);
          pointerFocus.current = false;
        }}
        onPointerCancel={(e) => {
          gestures.onPointerCancel(e);
          pointerFocus.current = false;
        }}
        onFocus={onFocus}
        onDoubleClick={(e) => {
          if ((e.target as Element).closest('[data-space-key]')) props.onSpaceDoubleClick();
        }}
      >
        <g
          transform={`translate(${view.x} ${view.y}) scale(${view.zoom})`}
          // Read by the space labels (CSS), so zooming does not re-render the spaces.
          style={{ '--label-floor': `${labelFloor(view.zoom)}px` } as CSSProperties}
        >
          <PlanSheet plan={plan} imageUrl={imageUrl} />
          {props.showGrid && <GridLines plan={plan} step={props.grid * GRID_LINE_EVERY} />}
          <SpaceLayer snapshot={state.present} selected={selectedSet} />
          {tool === 'select' && <SelectionOverlay selected={selectedSpaces} zoom={view.zoom} />}
          {gestures.overlay && (
            <rect
              className={gestures.overlay.kind === 'marquee' ? classes.marquee : classes.draftSpace}
              {...gestures.overlay.rect}
              vectorEffect="non-scaling-stroke"
            />
          )}
        </g>
      </svg>
      <Badge className={classes.zoomBadge} variant="default" radius="sm" aria-hidden>
        {new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(view.zoom)}
      </Badge>
      {!imageUrl && (
        <div className={classes.emptyHint}>
          <Paper shadow="xs" px="sm" py={6} radius="md" withBorder>
            <Text fz="sm" c="dimmed">
              {t('noFloorPlanHint')}
            </Text>
          </Paper>
        </div>
      )}
    </div>
  );
}
