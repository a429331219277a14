import { Button, Group, Indicator, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { Location } from '@perch/contract';
import { IconFilter, IconList, IconMap, IconMapPin, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { datePart } from '../../../shared/time/wall-time';
import type { SearchState } from '../use-search-state';
import { WindowPickers } from './WindowPickers';

interface SearchControlsProps {
  state: SearchState;
  areas: readonly Location[];
  locale: string;
  onOpenFilters: () => void;
  /** False when the area has no floor plan: then there is only the list, and no map or list choice. */
  mapAvailable?: boolean;
}

/** Area, time window, filters and map or list: the whole search, in one panel. */
export function SearchControls({ state, areas, locale, onOpenFilters, mapAvailable = true }: SearchControlsProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('areaLabel')}
            leftSection={<IconMapPin size={16} aria-hidden />}
            data={areas.map((a) => ({ value: a.id, label: a.name }))}
            value={state.area?.id ?? null}
            onChange={(id) => id && state.setArea(id)}
            allowDeselect={false}
            searchable={areas.length > 8}
            w={{ base: '100%', xs: 220 }}
          />
          <WindowPickers
            window={state.window}
            onChange={state.setWindow}
            prefs={state.prefs}
            dailyBasis={state.rules.dailyBasis}
            today={datePart(state.now)}
            locale={locale}
          />
        </Group>
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Indicator disabled={state.filters.length === 0} label={state.filters.length} size={16} offset={4}>
              <Button
                variant={state.filters.length > 0 ? 'light' : 'default'}
                leftSection={<IconFilter size={16} aria-hidden />}
                onClick={onOpenFilters}
              >
                {state.filters.length > 0 ? t('filtersActive', { num: state.filters.length }) : t('filter')}
              </Button>
            </Indicator>
            {state.showZone && (
              <Group gap={4} c="dimmed">
                <IconWorld size={16} aria-hidden />
                <Text fz="sm">{t('timesInZone', { zone: state.zone })}</Text>
              </Group>
            )}
          </Group>
          {mapAvailable && (
            <SegmentedControl
              aria-label={t('view')}
              value={state.view}
              onChange={(v) => state.setView(v === 'list' ? 'list' : 'map')}
              data={[
                {
                  value: 'map',
                  label: (
                    <Group gap={6} wrap="nowrap">
                      <IconMap size={16} aria-hidden />
                      {t('viewMap')}
                    </Group>
                  ),
                },
                {
                  value: 'list',
                  label: (
                    <Group gap={6} wrap="nowrap">
                      <IconList size={16} aria-hidden />
                      {t('viewList')}
                    </Group>
                  ),
                },
              ]}
            />
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
