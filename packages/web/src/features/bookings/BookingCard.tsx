import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconClock, IconHourglassHigh, IconMapPin, IconRepeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatRange } from '../../shared/time/format-time';
import type { TimePrefs } from '../../shared/time/time-prefs';
import { convertWallTime } from '../../shared/time/wall-time';
import type { BookingItem } from './booking-groups';

interface BookingCardProps {
  item: BookingItem;
  prefs: TimePrefs;
  dailyBasis: boolean;
  /** The area's zone when it differs from the user's own, else null. */
  zone: string | null;
  /** The user's own zone: with `zone`, the times are shown on that clock too. */
  ownZone: string;
  onCancel: (when: string) => void;
  onCancelSeries: () => void;
}

export function BookingCard({ item, prefs, dailyBasis, zone, ownZone, onCancel, onCancelSeries }: BookingCardProps) {
  const { t, i18n } = useTranslation();
  const { booking } = item;
  const when = formatRange(item.enter, item.leave, prefs, i18n.language, dailyBasis);
  const onOwnClock = (value: string) => convertWallTime(value, zone ?? ownZone, ownZone);
  const ownWhen =
    zone && !dailyBasis ? formatRange(onOwnClock(item.enter), onOwnClock(item.leave), prefs, i18n.language) : null;
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
          <Group gap={6} c="dimmed" wrap="nowrap" align="flex-start">
            <IconMapPin size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text fz="sm">{booking.space.location.name}</Text>
          </Group>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconClock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text fz="sm">
              {when}
              {zone && ` (${zone})`}
            </Text>
          </Group>
          {ownWhen && (
            <Text fz="sm" c="dimmed" pl={22}>
              {t('yourTime')}: {ownWhen} ({ownZone})
            </Text>
          )}
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
