import { ActionIcon, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { LocationMap, SpaceAvailability } from '@perch/contract';
import { IconFocusCentered, IconMinus, IconPlus } from '@tabler/icons-react';
import { useId, useMemo, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Size } from '../../../shared/plan/geometry';
import classes from '../search.module.css';
import { STATUS_ORDER, type SpaceStatus, type StatusColors } from '../../../shared/space-status/space-status';
import { STATUS_ICON } from '../../../shared/space-status/StatusIcon';
import { MapSpace } from './MapSpace';
import { useMapViewport } from './use-map-viewport';

export interface MapEntry {
  space: SpaceAvailability;
  status: SpaceStatus;
  label: string;
}

interface FloorPlanMapProps {
  areaName: string;
  map: LocationMap | null;
  entries: readonly MapEntry[];
  colors: StatusColors;
  selectedId: string | null;
  onOpen: (spaceId: string) => void;
}

const PLAN_MARGIN = 40;

function planSize(map: LocationMap | null, spaces: readonly SpaceAvailability[]): Size {
  if (map && map.width > 0 && map.height > 0) {
    const scale = map.scale && map.scale > 0 ? map.scale : 1;
    return { width: Math.round(map.width * scale), height: Math.round(map.height * scale) };
  }
  return {
    width: Math.max(400, ...spaces.map((s) => s.x + s.width + PLAN_MARGIN)),
    height: Math.max(300, ...spaces.map((s) => s.y + s.height + PLAN_MARGIN)),
  };
}

/**
 * Labels grow when the plan is zoomed out so they stay readable (about 11 px on screen), in
 * quarter steps so that zooming redraws the spaces only now and then.
 */
function labelBoost(zoom: number): number {
  if (zoom < 0.3) return 1;
  return Math.max(1, Math.min(3, Math.ceil(11 / (12 * zoom) / 0.25) * 0.25));
}

const spaceIdOf = (target: EventTarget) =>
  (target as Element).closest?.('[data-space-id]')?.getAttribute('data-space-id');

/**
 * The area's floor plan with its spaces, read-only: tap or Enter on a space opens it. Plan
 * pixels, never mirrored in right-to-left languages. Fits the screen on load.
 */
export function FloorPlanMap({ areaName, map, entries, colors, selectedId, onOpen }: FloorPlanMapProps) {
  const { t } = useTranslation();
  const hatchId = useId().replace(/:/g, '');
  const helpId = useId();
  const spaces = useMemo(() => entries.map((e) => e.space), [entries]);
  const plan = useMemo(() => planSize(map, spaces), [map, spaces]);
  const imageUrl = useMemo(() => (map ? `data:image/${map.mimeType};base64,${map.data}` : null), [map]);
  const viewport = useMapViewport(plan);
  const { view } = viewport;
  const boost = labelBoost(view.zoom);

  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    const id = spaceIdOf(event.target);
    if (id && !viewport.wasPanned()) onOpen(id);
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const id = spaceIdOf(event.target);
    if (!id) return;
    event.preventDefault();
    onOpen(id);
  };

  return (
    <div
      ref={viewport.frameRef}
      className={classes.mapFrame}
      dir="ltr"
      style={{ '--plan-aspect': plan.height / plan.width } as CSSProperties}
    >
      <svg
        className={classes.mapSvg}
        role="group"
        aria-label={t('floorPlanOf', { name: areaName })}
        aria-describedby={helpId}
        onClick={onClick}
        onKeyDown={onKeyDown}
        {...viewport.handlers}
      >
        <defs>
          <pattern id={hatchId} width={10} height={10} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <line x1={0} y1={0} x2={0} y2={10} stroke="rgba(0,0,0,0.35)" strokeWidth={3} />
          </pattern>
          {/* Drawn once and reused by every space: 500 spaces stay quick to render. */}
          {STATUS_ORDER.map((status) => {
            const Icon = STATUS_ICON[status];
            return (
              <symbol key={status} id={`${hatchId}-${status}`} viewBox="0 0 24 24">
                <Icon size={24} stroke={2.5} />
              </symbol>
            );
          })}
        </defs>
        <g transform={`translate(${view.x} ${view.y}) scale(${view.zoom})`}>
          <rect
            className={classes.planSheet}
            width={plan.width}
            height={plan.height}
            vectorEffect="non-scaling-stroke"
          />
          {imageUrl && (
            <image href={imageUrl} width={plan.width} height={plan.height} preserveAspectRatio="none" aria-hidden />
          )}
          {entries.map(({ space, status, label }) => (
            <MapSpace
              key={space.id}
              space={space}
              status={status}
              color={colors[status]}
              label={label}
              selected={space.id === selectedId}
              hatchId={hatchId}
              iconIdPrefix={hatchId}
              labelBoost={boost}
            />
          ))}
        </g>
      </svg>
      <Paper className={classes.mapControls} shadow="sm" radius="md" p={4} withBorder>
        <Stack gap={4}>
          {(
            [
              ['zoomIn', IconPlus, viewport.zoomIn],
              ['zoomOut', IconMinus, viewport.zoomOut],
              ['fitToScreen', IconFocusCentered, viewport.fit],
            ] as const
          ).map(([key, Icon, action]) => (
            <Tooltip key={key} label={t(key)} position="left">
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t(key)} onClick={action}>
                <Icon size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ))}
        </Stack>
      </Paper>
      <Paper className={classes.mapHint} radius="sm" px="xs" py={2} withBorder>
        <Text id={helpId} fz="xs" c="dimmed">
          {t('mapHowTo')}
        </Text>
      </Paper>
    </div>
  );
}
