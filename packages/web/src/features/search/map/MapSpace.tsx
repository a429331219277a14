import type { SpaceAvailability } from '@perch/contract';
import { memo } from 'react';
import classes from '../search.module.css';
import { readableTextOn, type SpaceStatus } from '../../../shared/space-status/space-status';

const LABEL_FONT_SIZE: Record<string, number> = { small: 10, normal: 12, big: 14, bigger: 18 };

interface MapSpaceProps {
  space: SpaceAvailability;
  status: SpaceStatus;
  color: string;
  /** Accessible name: "Desk 4 — available". */
  label: string;
  selected: boolean;
  hatchId: string;
  /** Prefix of the status icon symbols the map defines once (`<prefix>-<status>`). */
  iconIdPrefix: string;
  /** Label and icon scale, so names stay readable when the plan is zoomed out. */
  labelBoost: number;
}

function Outline({ space, className, inset = 0 }: { space: SpaceAvailability; className?: string; inset?: number }) {
  const x = space.x - inset;
  const y = space.y - inset;
  const width = space.width + inset * 2;
  const height = space.height + inset * 2;
  if (space.shape === 'circle')
    return <ellipse className={className} cx={x + width / 2} cy={y + height / 2} rx={width / 2} ry={height / 2} />;
  if (space.shape === 'trapezoid') {
    const points = [
      [x + width * 0.2, y],
      [x + width * 0.8, y],
      [x + width, y + height],
      [x, y + height],
    ];
    return <polygon className={className} points={points.map((p) => p.join(',')).join(' ')} />;
  }
  return <rect className={className} x={x} y={y} width={width} height={height} rx={4} />;
}

/**
 * One space on the map: coloured by its status, with the status icon beside its name, hatched
 * when it cannot be booked. A focusable button; pointer and keys are handled by the map.
 */
export const MapSpace = memo(function MapSpace({
  space,
  status,
  color,
  label,
  selected,
  hatchId,
  iconIdPrefix,
  labelBoost,
}: MapSpaceProps) {
  const cx = space.x + space.width / 2;
  const cy = space.y + space.height / 2;
  const vertical = space.height > space.width * 1.4;
  const across = vertical ? space.height : space.width;
  const along = vertical ? space.width : space.height;
  const font = Math.min((LABEL_FONT_SIZE[space.fontSize] ?? 12) * labelBoost, along * 0.4);
  const iconSize = Math.min(font * 1.4, along * 0.4, across * 0.4);
  const ink = readableTextOn(color);
  const halo = ink === '#000' ? 'rgba(255,255,255,0.75)' : 'rgba(0,0,0,0.55)';
  return (
    <g
      className={selected ? `${classes.space} ${classes.spaceSelected}` : classes.space}
      data-space-id={space.id}
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-pressed={selected}
      transform={space.rotation ? `rotate(${space.rotation} ${cx} ${cy})` : undefined}
    >
      <Outline space={space} className={classes.focusRing} inset={4} />
      <g fill={color}>
        <Outline space={space} className={classes.spaceBody} />
      </g>
      {(status === 'booked' || status === 'disallowed') && (
        <g fill={`url(#${hatchId})`} className={classes.hatched}>
          <Outline space={space} className={classes.hatched} />
        </g>
      )}
      <g transform={`rotate(${-space.rotation + (vertical ? -90 : 0)} ${cx} ${cy})`} aria-hidden>
        <use
          href={`#${iconIdPrefix}-${status}`}
          x={cx - iconSize / 2}
          y={cy - iconSize - font * 0.05}
          width={iconSize}
          height={iconSize}
          color={ink}
        />
        <text
          className={classes.label}
          x={cx}
          y={cy + font * 0.75}
          fill={ink}
          stroke={halo}
          style={{ fontSize: font }}
          textAnchor="middle"
          dominantBaseline="central"
        >
          {space.name}
        </text>
      </g>
    </g>
  );
});
