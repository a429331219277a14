import { CheckedInMark } from '../../../shared/space-status/CheckedInMark';
import { ActionIcon, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { LocationMap, SpaceAvailability } from '@perch/contract';
import { IconFocusCentered, IconMinus, IconPlus } from '@tabler/icons-react';
import {
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Size } from '../../../shared/plan/geometry';
import { STATUS_ORDER, type StatusColors } from '../../../shared/space-status/space-status';
import { STATUS_ICON } from '../../../shared/space-status/StatusIcon';
import classes from '../search.module.css';
import { initials, shortLabel } from './map-labels';
import { ARROW_DIRECTION, boundsOf, neighbourInDirection } from './map-navigation';
import { MapSpace } from './MapSpace';
import { SpaceTooltip } from './SpaceTooltip';
import { useMapViewport } from './use-map-viewport';
import type { MapEntry } from './map-entry';
import { PlanSheet } from '../../../shared/plan/PlanSheet';

interface FloorPlanMapProps {
  areaName: string;
  map: LocationMap | null;
  entries: readonly MapEntry[];
  colors: StatusColors;
  selectedId: string | null;
  onOpen: (spaceId: string) => void;
  /** Write the bookers' names (or initials) on booked spaces instead of the spaces' names. */
  showNames?: boolean;
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

/** The zoom the labels are laid out for, in steps of about 12 %, so zooming redraws them now and then. */
const labelZoom = (zoom: number) => 2 ** (Math.round(Math.log2(zoom) * 6) / 6);

/**
 * What a space may show, longest first: its name and the short form, or with names on, who
 * booked it ("Anna Tester +1", "Anna +1", "AT+1").
 */
function spaceForms(entry: MapEntry, showNames: boolean): readonly string[] {
  const [first, ...others] = showNames ? (entry.bookers ?? []) : [];
  if (!first) return [entry.space.name, shortLabel(entry.space.name)];
  const more = others.length > 0 ? ` +${others.length}` : '';
  const given = first.includes('@') ? first : first.split(/\s+/)[0]!;
  return [`${first}${more}`, `${given}${more}`, `${initials(first)}${more.trim()}`];
}

const spaceIdOf = (target: EventTarget | null) =>
  (target as Element | null)?.closest?.('[data-space-id]')?.getAttribute('data-space-id') ?? null;

/** Focus that came from the keyboard (not a click or a tap), which should bring the space into view. */
function focusFromKeyboard(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * The area's floor plan with its spaces, read-only: tap or Enter on a space opens it. Plan
 * pixels, never mirrored in right-to-left languages. Fits the screen on load.
 *
 * The spaces are one Tab stop (roving tabindex): the arrow keys move to the nearest space in
 * that direction on the plan, Home and End to the first and last by name. Hover and focus show
 * a tooltip with the name, the status and the bookings.
 */
export function FloorPlanMap({
  areaName,
  map,
  entries,
  colors,
  selectedId,
  onOpen,
  showNames = false,
}: FloorPlanMapProps) {
  const { t } = useTranslation();
  const hatchId = useId().replace(/:/g, '');
  const helpId = useId();
  const tooltipId = useId();
  const svgRef = useRef<SVGSVGElement | null>(null);
  const spaces = useMemo(() => entries.map((e) => e.space), [entries]);
  const byId = useMemo(() => new Map(entries.map((e) => [e.space.id, e])), [entries]);
  const forms = useMemo(() => entries.map((e) => spaceForms(e, showNames)), [entries, showNames]);
  const plan = useMemo(() => planSize(map, spaces), [map, spaces]);
  const imageUrl = useMemo(() => (map ? `data:image/${map.mimeType};base64,${map.data}` : null), [map]);
  const viewport = useMapViewport(plan);
  const { view, reveal } = viewport;
  const zoom = labelZoom(view.zoom);

  const [rovingId, setRovingId] = useState<string | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [hoverId, setHoverId] = useState<string | null>(null);
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  const tabStop =
    (rovingId && byId.has(rovingId) ? rovingId : null) ??
    (selectedId && byId.has(selectedId) ? selectedId : null) ??
    entries[0]?.space.id ??
    null;
  const tooltipFor = hoverId ?? focusId;
  const tooltipEntry = tooltipFor && tooltipFor !== dismissedId ? (byId.get(tooltipFor) ?? null) : null;
  const describedId =
    tooltipEntry && tooltipFor === focusId && tooltipEntry.details?.length ? `${tooltipId}-details` : undefined;

  const focusSpace = useCallback((id: string) => {
    setRovingId(id);
    const element = svgRef.current?.querySelector<SVGGElement>(`[data-space-id="${id}"]`);
    element?.focus({ preventScroll: true });
  }, []);

  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    const id = spaceIdOf(event.target);
    if (id && !viewport.wasPanned()) onOpen(id);
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const id = spaceIdOf(event.target);
    const entry = id ? byId.get(id) : undefined;
    if (!id || !entry) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(id);
      return;
    }
    if (event.key === 'Escape') {
      if (tooltipEntry) setDismissedId(tooltipFor);
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const direction = ARROW_DIRECTION[event.key];
    let next: string | null | undefined;
    if (direction) next = neighbourInDirection(entry.space, spaces, direction)?.id;
    else if (event.key === 'Home') next = entries[0]?.space.id;
    else if (event.key === 'End') next = entries[entries.length - 1]?.space.id;
    else return;
    // Arrows at the plan's edge stay put rather than scroll the page.
    event.preventDefault();
    if (next && next !== id) focusSpace(next);
  };
  const onFocus = (event: FocusEvent<SVGSVGElement>) => {
    const id = spaceIdOf(event.target);
    const entry = id ? byId.get(id) : undefined;
    if (!id || !entry) return;
    setRovingId(id);
    setFocusId(id);
    setDismissedId(null);
    if (focusFromKeyboard(event.target)) reveal(boundsOf(entry.space));
  };
  const onBlur = () => setFocusId(null);
  const onPointerOver = (event: PointerEvent<SVGSVGElement>) => {
    if (event.pointerType === 'touch') return;
    const id = spaceIdOf(event.target);
    setHoverId(id);
    if (id !== dismissedId) setDismissedId(null);
  };

  const tooltipAnchor = useMemo(() => {
    if (!tooltipEntry) return null;
    const b = boundsOf(tooltipEntry.space);
    return {
      x: b.x * view.zoom + view.x,
      y: b.y * view.zoom + view.y,
      width: b.width * view.zoom,
      height: b.height * view.zoom,
    };
  }, [tooltipEntry, view]);

  return (
    <div
      ref={viewport.frameRef}
      className={classes.mapFrame}
      dir="ltr"
      style={{ '--plan-aspect': plan.height / plan.width } as CSSProperties}
    >
      <svg
        ref={svgRef}
        className={classes.mapSvg}
        role="group"
        aria-label={t('floorPlanOf', { name: areaName })}
        aria-describedby={helpId}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={onBlur}
        onPointerOver={onPointerOver}
        onPointerLeave={() => setHoverId(null)}
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
          <symbol id={`${hatchId}-checked-in`} viewBox="0 0 24 24">
            <CheckedInMark />
          </symbol>
        </defs>
        <g transform={`translate(${view.x} ${view.y}) scale(${view.zoom})`}>
          <PlanSheet plan={plan} imageUrl={imageUrl} />
          {entries.map(({ space, status, label, checkedIn }, i) => (
            <MapSpace
              key={space.id}
              space={space}
              status={status}
              checkedIn={checkedIn ?? false}
              color={colors[status]}
              label={label}
              forms={forms[i]!}
              selected={space.id === selectedId}
              tabStop={space.id === tabStop}
              describedBy={space.id === tooltipFor ? describedId : undefined}
              hatchId={hatchId}
              iconIdPrefix={hatchId}
              zoom={zoom}
            />
          ))}
        </g>
      </svg>
      {tooltipEntry && tooltipAnchor && (
        <SpaceTooltip id={tooltipId} entry={tooltipEntry} anchor={tooltipAnchor} frame={viewport.frameRef} />
      )}
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
          {t('mapHowToKeys')}
        </Text>
      </Paper>
    </div>
  );
}
