import { Alert, Group } from '@mantine/core';
import type { Location, LocationMap } from '@perch/contract';
import { IconMapOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StatusColors } from '../../../shared/space-status/space-status';
import { SpaceList } from '../list/SpaceList';
import type { SearchView } from '../search-url';
import { BookerNamesSwitch } from './BookerNamesSwitch';
import { FloorPlanMap } from './FloorPlanMap';
import type { MapEntry } from './map-entry';
import { useBookerNames } from './use-booker-names';

/** The area's floor-plan image as loaded: `null` when the area has none. */
interface MapQuery {
  data?: LocationMap | null | undefined;
  isSuccess: boolean;
}

/**
 * Whether the area has a floor-plan image: its size says so (`mapWidth`/`mapHeight`, 0 when
 * none was uploaded), and a map answer without image data says it has none after all. While
 * the image loads the area counts as having one.
 */
export function hasFloorPlan(area: Location, map: MapQuery): boolean {
  if (!(area.mapWidth > 0 && area.mapHeight > 0)) return false;
  return !(map.isSuccess && !map.data);
}

interface SpacesViewProps {
  area: Location;
  map: MapQuery;
  view: SearchView;
  entries: readonly MapEntry[];
  colors: StatusColors;
  selectedId: string | null;
  onOpen: (spaceId: string) => void;
}

/**
 * The area's spaces on its floor plan, or as a list when asked for or when the area has no
 * plan yet (then a note says so, and the page offers no map). Above the map, the switch that
 * writes the bookers' names on it, where the organisation shows names.
 */
export function SpacesView({ area, map, view, entries, colors, selectedId, onOpen }: SpacesViewProps) {
  const { t } = useTranslation();
  const names = useBookerNames();
  const withPlan = hasFloorPlan(area, map);
  if (!withPlan || view === 'list')
    return (
      <>
        {!withPlan && (
          <Alert color="gray" variant="light" icon={<IconMapOff aria-hidden />} title={t('areaHasNoFloorPlan')}>
            {t('areaHasNoFloorPlanBody')}
          </Alert>
        )}
        <SpaceList entries={entries} colors={colors} onOpen={onOpen} />
      </>
    );
  return (
    <>
      {names.available && (
        <Group justify="flex-end">
          <BookerNamesSwitch on={names.on} onChange={names.setOn} />
        </Group>
      )}
      <FloorPlanMap
        areaName={area.name}
        map={map.data ?? null}
        entries={entries}
        colors={colors}
        selectedId={selectedId}
        onOpen={onOpen}
        showNames={names.on}
      />
    </>
  );
}
