import { Text } from '@mantine/core';
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rect } from '../../../shared/plan/geometry';
import classes from '../search.module.css';
import type { MapEntry } from './map-entry';

/** Room (px) between the tooltip and the space, and between the tooltip and the frame's edge. */
const GAP = 8;

interface SpaceTooltipProps {
  id: string;
  entry: MapEntry;
  /** The space's box on the screen, relative to the map frame. */
  anchor: Rect;
  frame: RefObject<HTMLDivElement | null>;
}

/**
 * The name, status and bookings of the space under the pointer or with the keyboard focus,
 * above the space (below it when there is no room above), kept inside the map. It never takes
 * the pointer, so it cannot hide the space it describes; Escape hides it.
 */
export function SpaceTooltip({ id, entry, anchor, frame }: SpaceTooltipProps) {
  const { i18n } = useTranslation();
  const ref = useRef<HTMLDivElement | null>(null);

  useLayoutEffect(() => {
    const tip = ref.current;
    if (!tip) return;
    const width = frame.current?.clientWidth ?? 0;
    const height = frame.current?.clientHeight ?? 0;
    const own = { width: tip.offsetWidth, height: tip.offsetHeight };
    const centre = anchor.x + anchor.width / 2;
    const left = Math.max(GAP, Math.min(centre - own.width / 2, width - own.width - GAP));
    const above = anchor.y - GAP - own.height;
    const below = anchor.y + anchor.height + GAP;
    const top = above >= GAP || below + own.height > height - GAP ? Math.max(GAP, above) : below;
    tip.style.left = `${Math.round(left)}px`;
    tip.style.top = `${Math.round(top)}px`;
    tip.style.visibility = 'visible';
  });

  return (
    <div ref={ref} id={id} role="tooltip" className={classes.mapTooltip} dir={i18n.dir(i18n.language)}>
      <Text fw={700} fz="sm" lh={1.3}>
        {entry.space.name}
      </Text>
      <Text fz="xs" lh={1.4}>
        {entry.statusText ?? entry.label}
      </Text>
      {entry.details && entry.details.length > 0 && (
        <div id={`${id}-details`}>
          {entry.details.map((line, i) => (
            <Text key={i} fz="xs" lh={1.4}>
              {line}
            </Text>
          ))}
        </div>
      )}
    </div>
  );
}
