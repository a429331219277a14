import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconClock, IconHourglassHigh, IconMapPin, IconRepeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TimePrefs } from '../search/time/booking-prefs';
import { formatRange } from '../search/time/format-time';
import type { BookingItem } from './booking-groups';

interface BookingCardProps {
  item: BookingItem;
  prefs: TimePrefs;
  dailyBasis: boolean;
  zone: string | null;
  onCancel: (when: string) => void;
  onCancelSeries: () => void;
}

export function BookingCard({ item, prefs, dailyBasis, zone, onCancel, onCancelSeries }: BookingCardProps) {
  const { t, i18n } = useTranslation();
  const { booking } = item;
  const when = formatRange(item.enter, item.leave, prefs, i18n.language, dailyBasis);
  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: 1, minWidth: 220 }}>
          <Group gap="xs">
            <Text fw={650} fz="lg">
              {booking.space.name}
            </Text>
            {item.inProgress && (
              <Badge color="teal" variant="light">
                {t('inProgress')}
              </Badge>
            )}
            {!booking.approved && (
              <Badge color="yellow" variant="light" leftSection={<IconHourglassHigh size={12} aria-hidden />}>
                {t('pendingApproval')}
              </Badge>
            )}
            {booking.recurringId && (
              <Badge color="blue" variant="light" leftSection={<IconRepeat size={12} aria-hidden />}>
                {t('recurring')}
              </Badge>
            )}
          </Group>
          <Group gap={6} c="dimmed">
            <IconMapPin size={16} aria-hidden />
            <Text fz="sm">{booking.space.location.name}</Text>
          </Group>
          <Group gap={6}>
            <IconClock size={16} aria-hidden />
            <Text fz="sm">
              {when}
              {zone && ` (${zone})`}
            </Text>
          </Group>
          {booking.subject && <Text fz="sm">{booking.subject}</Text>}
        </Stack>
        <Group gap="xs">
          {booking.recurringId && (
            <Button
              variant="default"
              size="xs"
              onClick={onCancelSeries}
              aria-label={t('cancelSeriesOf', { name: booking.space.name, when })}
            >
              {t('cancelSeries')}
            </Button>
          )}
          <Button
            variant="light"
            color="red"
            size="xs"
            onClick={() => onCancel(when)}
            aria-label={t('cancelBookingOf', { name: booking.space.name, when })}
          >
            {t('cancelBooking')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
