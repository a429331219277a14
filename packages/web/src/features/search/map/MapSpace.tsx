import type { SpaceAvailability } from '@perch/contract';
import { memo } from 'react';
import { readableTextOn, type SpaceStatus } from '../../../shared/space-status/space-status';
import classes from '../search.module.css';
import { LABEL_FONT_SIZE, layoutLabel } from './map-labels';

interface MapSpaceProps {
  space: SpaceAvailability;
  status: SpaceStatus;
  color: string;
  /** Accessible name: "Desk 4 — Available". */
  label: string;
  /** What may be written on the space (its name, or the booker's), longest first: the longest that fits is. */
  forms: readonly string[];
  selected: boolean;
  /** The map's one Tab stop (roving tabindex); the others are reached with the arrow keys. */
  tabStop: boolean;
  /** Id of the tooltip part describing the bookings, while the tooltip shows for this space. */
  describedBy: string | undefined;
  hatchId: string;
  /** Prefix of the status icon symbols the map defines once (`<prefix>-<status>`). */
  iconIdPrefix: string;
  /** The plan's zoom, so labels are laid out for their size on the screen. */
  zoom: number;
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
 * One space on the map: coloured by its status, with the status icon above its name, hatched
 * when it cannot be booked. When the name would be unreadably small on the screen, a short
 * form or the icon alone is drawn (the full name is in the tooltip and the accessible name).
 * A focusable button; pointer and keys are handled by the map.
 */
export const MapSpace = memo(function MapSpace({
  space,
  status,
  color,
  label,
  forms,
  selected,
  tabStop,
  describedBy,
  hatchId,
  iconIdPrefix,
  zoom,
}: MapSpaceProps) {
  const cx = space.x + space.width / 2;
  const cy = space.y + space.height / 2;
  const vertical = space.height > space.width * 1.4;
  const across = vertical ? space.height : space.width;
  const along = vertical ? space.width : space.height;
  const layout = layoutLabel(forms, { across, along }, zoom, LABEL_FONT_SIZE[space.fontSize] ?? 12);
  const { font, icon } = layout;
  // The icon above the text, the pair centred on the space.
  const gap = icon > 0 && layout.text ? font * 0.15 : 0;
  const total = icon + gap + (layout.text ? font : 0);
  const iconY = cy - total / 2;
  const textY = cy + total / 2 - font / 2;
  const ink = readableTextOn(color);
  const halo = ink === '#000' ? 'rgba(255,255,255,0.75)' : 'rgba(0,0,0,0.55)';
  return (
    <g
      className={selected ? `${classes.space} ${classes.spaceSelected}` : classes.space}
      data-space-id={space.id}
      role="button"
      tabIndex={tabStop ? 0 : -1}
      aria-label={label}
      aria-pressed={selected}
      aria-describedby={describedBy}
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
        {icon > 0 && (
          <use href={`#${iconIdPrefix}-${status}`} x={cx - icon / 2} y={iconY} width={icon} height={icon} color={ink} />
        )}
        {layout.text && (
          <text
            className={classes.label}
            x={cx}
            y={textY}
            fill={ink}
            stroke={halo}
            style={{ fontSize: font }}
            textAnchor="middle"
            dominantBaseline="central"
            data-label-form={layout.short ? 'short' : 'full'}
          >
            {layout.text}
          </text>
        )}
      </g>
    </g>
  );
});
