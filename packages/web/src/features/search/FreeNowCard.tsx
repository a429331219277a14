import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StatusColors } from '../../shared/space-status/space-status';
import { isBookable } from '../../shared/space-status/space-status';
import { StatusSwatch } from '../../shared/space-status/StatusLegend';
import { formatTime } from '../../shared/time/format-time';
import type { TimePrefs } from '../../shared/time/time-prefs';
import type { MapEntry } from './map/map-entry';
import type { BookingWindow } from './time/booking-window';

/** How many free spaces the card names; the map shows the rest. */
export const FREE_NOW_SHOWN = 8;

interface FreeNowCardProps {
  areaName: string;
  entries: readonly MapEntry[];
  window: BookingWindow;
  prefs: TimePrefs;
  colors: StatusColors;
  onOpenSpace: (spaceId: string) => void;
}

/**
 * An area's code was scanned: the spaces free here from now until the end of the working day,
 * each one tap from its booking panel.
 */
export function FreeNowCard({ areaName, entries, window, prefs, colors, onOpenSpace }: FreeNowCardProps) {
  const { t, i18n } = useTranslation();
  const free = entries.filter((e) => isBookable(e.space));
  const until = formatTime(window.leave, prefs, i18n.language);
  const more = free.length - FREE_NOW_SHOWN;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="free-now-title">
      <Title order={2} fz="md" mb={4} id="free-now-title">
        {t('freeNowTitle', { area: areaName })}
      </Title>
      <Text fz="sm" c="dimmed" mb={free.length > 0 ? 'xs' : 0}>
        {free.length > 0 ? t('freeNowCount', { count: free.length, time: until }) : t('freeNowNone')}
      </Text>
      {free.length > 0 && (
        <Group gap="xs">
          {free.slice(0, FREE_NOW_SHOWN).map((e) => (
            <Button
              key={e.space.id}
              variant="light"
              leftSection={<StatusSwatch status={e.status} colors={colors} />}
              onClick={() => onOpenSpace(e.space.id)}
            >
              {e.space.name}
            </Button>
          ))}
          {more > 0 && (
            <Text fz="sm" c="dimmed">
              {t('freeNowMore', { count: more })}
            </Text>
          )}
        </Group>
      )}
    </Paper>
  );
}
