import { memo } from 'react';
import type { DraftSpace } from './draft-space';
import classes from './floor-plan.module.css';
import { boundsOf, centerOf, HANDLES, handleDirection, unionOf, type Handle } from './geometry';

const HANDLE_PX = 9;
const ROTATE_OFFSET_PX = 26;
const ROTATE_RADIUS_PX = 6;

const CURSORS: Record<Handle, string> = {
  n: 'ns-resize',
  s: 'ns-resize',
  e: 'ew-resize',
  w: 'ew-resize',
  ne: 'nesw-resize',
  sw: 'nesw-resize',
  nw: 'nwse-resize',
  se: 'nwse-resize',
};

interface SelectionOverlayProps {
  selected: readonly DraftSpace[];
  zoom: number;
}

/**
 * Handles for the selection: resize and turn for one space, a frame around several. Sizes are in
 * screen pixels (divided by the zoom). Pointer-only; keyboard users move, size and turn through
 * the arrow keys and the fields of the side panel.
 */
export const SelectionOverlay = memo(function SelectionOverlay({ selected, zoom }: SelectionOverlayProps) {
  const px = 1 / zoom;
  const [only] = selected;
  if (selected.length > 1) {
    const frame = unionOf(selected.map(boundsOf));
    if (!frame) return null;
    const pad = 4 * px;
    return (
      <rect
        className={classes.selectionFrame}
        x={frame.x - pad}
        y={frame.y - pad}
        width={frame.width + 2 * pad}
        height={frame.height + 2 * pad}
        vectorEffect="non-scaling-stroke"
        aria-hidden
      />
    );
  }
  if (!only) return null;
  const c = centerOf(only);
  const size = HANDLE_PX * px;
  return (
    <g transform={only.rotation ? `rotate(${only.rotation} ${c.x} ${c.y})` : undefined} aria-hidden>
      <line
        x1={c.x}
        y1={only.y}
        x2={c.x}
        y2={only.y - ROTATE_OFFSET_PX * px}
        className={classes.selectionFrame}
        vectorEffect="non-scaling-stroke"
      />
      <circle
        data-handle="rotate"
        className={classes.rotateHandle}
        cx={c.x}
        cy={only.y - ROTATE_OFFSET_PX * px}
        r={ROTATE_RADIUS_PX * px}
        vectorEffect="non-scaling-stroke"
      />
      {HANDLES.map((handle) => {
        const dir = handleDirection(handle);
        const hx = c.x + (dir.x * only.width) / 2;
        const hy = c.y + (dir.y * only.height) / 2;
        return (
          <rect
            key={handle}
            data-handle={handle}
            className={classes.handle}
            x={hx - size / 2}
            y={hy - size / 2}
            width={size}
            height={size}
            style={{ cursor: CURSORS[handle] }}
            vectorEffect="non-scaling-stroke"
          />
        );
      })}
    </g>
  );
});
