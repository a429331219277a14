import type { SpaceAvailability } from '@perch/contract';
import { memo } from 'react';
import { readableTextOn, type SpaceStatus } from '../../../shared/space-status/space-status';
import classes from '../search.module.css';
import { LABEL_FONT_SIZE, layoutLabel } from './map-labels';
import { spaceOutline } from '../../../shared/plan/space-outline';

interface MapSpaceProps {
  space: SpaceAvailability;
  status: SpaceStatus;
  /** Someone booked here has checked in: a mark in the space's corner (`<prefix>-checked-in`). */
  checkedIn: boolean;
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
  const outline = spaceOutline({
    shape: space.shape,
    x: space.x - inset,
    y: space.y - inset,
    width: space.width + inset * 2,
    height: space.height + inset * 2,
  });
  if (outline.kind === 'ellipse')
    return <ellipse className={className} cx={outline.cx} cy={outline.cy} rx={outline.rx} ry={outline.ry} />;
  if (outline.kind === 'polygon') return <polygon className={className} points={outline.points} />;
  return (
    <rect className={className} x={outline.x} y={outline.y} width={outline.width} height={outline.height} rx={4} />
  );
}

/** The checked-in mark: on the space's top right corner, over a quarter of its shorter side (14 to 28 units). */
function checkedInCorner(space: SpaceAvailability) {
  const size = Math.min(28, Math.max(14, Math.min(space.width, space.height) / 3.5));
  return { x: space.x + space.width - size * 0.75, y: space.y - size * 0.25, width: size, height: size };
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
  checkedIn,
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
      {checkedIn && (
        <use
          href={`#${iconIdPrefix}-checked-in`}
          aria-hidden
          {...checkedInCorner(space)}
          transform={space.rotation ? `rotate(${-space.rotation} ${space.x + space.width} ${space.y})` : undefined}
        />
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
