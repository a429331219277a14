import { memo } from 'react';
import type { DraftSpace } from './draft-space';
import classes from './floor-plan.module.css';
import { LABEL_FONT_SIZE, shapeGeometry } from './space-drawing';

interface SpaceShapeProps {
  space: DraftSpace;
  selected: boolean;
  /** Accessible name: the space's name and, when needed, its state. */
  label: string;
}

/**
 * One space on the plan. Memoised on the space object: while one space is dragged the others
 * keep their objects (see `editor-state`) and are not drawn again. Pointer and focus handling is
 * delegated to the canvas, which finds the space by `data-space-key`.
 */
export const SpaceShape = memo(function SpaceShape({ space, selected, label }: SpaceShapeProps) {
  const geometry = shapeGeometry(space);
  const cx = space.x + space.width / 2;
  const cy = space.y + space.height / 2;
  const className = [classes.space, selected && classes.selected, !space.enabled && classes.disabled]
    .filter(Boolean)
    .join(' ');
  return (
    <g
      className={className}
      data-space-key={space.key}
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-pressed={selected}
      transform={space.rotation ? `rotate(${space.rotation} ${cx} ${cy})` : undefined}
    >
      {geometry.kind === 'rect' && (
        <rect className={classes.spaceBody} {...geometry} rx={3} vectorEffect="non-scaling-stroke" />
      )}
      {geometry.kind === 'ellipse' && (
        <ellipse className={classes.spaceBody} {...geometry} vectorEffect="non-scaling-stroke" />
      )}
      {geometry.kind === 'polygon' && (
        <polygon className={classes.spaceBody} points={geometry.points} vectorEffect="non-scaling-stroke" />
      )}
      <text
        className={classes.label}
        x={cx}
        y={cy}
        // Kept readable when zoomed out a little (see PlanCanvas).
        style={{ fontSize: `max(${LABEL_FONT_SIZE[space.fontSize]}px, var(--label-floor))` }}
        textAnchor="middle"
        dominantBaseline="central"
        // Labels stay upright however the space is turned, as on the booking map.
        transform={space.rotation ? `rotate(${-space.rotation} ${cx} ${cy})` : undefined}
        aria-hidden
      >
        {space.name}
      </text>
    </g>
  );
});
