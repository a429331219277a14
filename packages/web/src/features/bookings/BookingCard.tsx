import { Badge, Box, Button, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import {
  IconCalendarPlus,
  IconCalendarRepeat,
  IconChevronDown,
  IconClock,
  IconHourglassHigh,
  IconMapPin,
  IconRepeat,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatRange } from '../../shared/time/format-time';
import type { TimePrefs } from '../../shared/time/time-prefs';
import { convertWallTime } from '../../shared/time/wall-time';
import type { IcalScope } from './api/booking-queries';
import type { BookingItem } from './booking-groups';
import type { CheckInDue } from '@perch/contract';
import { CheckInStatus } from './CheckInStatus';

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
  /** Downloads the booking, or its whole series, as a calendar file. */
  onAddToCalendar: (scope: IcalScope) => void;
  /** Its calendar file is being fetched. */
  addingToCalendar: boolean;
  /** Its check-in window, when it waits for a check-in. */
  checkIn?: CheckInDue;
}

/** "Add to calendar": the booking's calendar file; for a series, a menu for this booking or the series. */
function AddToCalendar({
  series,
  label,
  loading,
  onAdd,
  withinPortal,
}: {
  series: boolean;
  label: string;
  loading: boolean;
  onAdd: (scope: IcalScope) => void;
  withinPortal: boolean;
}) {
  const { t } = useTranslation();
  const icon = <IconCalendarPlus size={16} aria-hidden />;
  if (!series)
    return (
      <Button
        variant="default"
        size="xs"
        leftSection={icon}
        loading={loading}
        onClick={() => onAdd('booking')}
        aria-label={label}
      >
        {t('addToCalendar')}
      </Button>
    );
  return (
    <Menu position="bottom-end" withinPortal={withinPortal}>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={icon}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={loading}
          aria-label={label}
        >
          {t('addToCalendar')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('addToCalendarMenuLabel')}</Menu.Label>
        <Menu.Item leftSection={icon} onClick={() => onAdd('booking')}>
          {t('addBookingToCalendar')}
        </Menu.Item>
        <Menu.Item leftSection={<IconCalendarRepeat size={16} aria-hidden />} onClick={() => onAdd('series')}>
          {t('addSeriesToCalendar')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

interface BookingFactsProps {
  item: BookingItem;
  /** The booking's time in the user's format, as `formatRange` gives it. */
  when: string;
  prefs: TimePrefs;
  dailyBasis: boolean;
  /** The area's zone when it differs from the user's own, else null. */
  zone: string | null;
  /** The user's own zone: with `zone`, the times are shown on that clock too. */
  ownZone: string;
}

/** What a booking is: space and badges, area, time (also on the user's clock), subject. */
export function BookingFacts({ item, when, prefs, dailyBasis, zone, ownZone }: BookingFactsProps) {
  const { t, i18n } = useTranslation();
  const { booking } = item;
  const onOwnClock = (value: string) => convertWallTime(value, zone ?? ownZone, ownZone);
  const ownWhen =
    zone && !dailyBasis ? formatRange(onOwnClock(item.enter), onOwnClock(item.leave), prefs, i18n.language) : null;
  return (
    <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
      <Group gap="xs">
        <Text fw={650} fz="lg" style={{ overflowWrap: 'anywhere' }}>
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
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {booking.space.location.name}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconClock size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text fz="sm">
          {when}
          {zone && ` (${zone})`}
        </Text>
      </Group>
      {ownWhen && (
        <Text fz="sm" c="dimmed" ps={22}>
          {t('yourTime')}: {ownWhen} ({ownZone})
        </Text>
      )}
      {booking.subject && (
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {booking.subject}
        </Text>
      )}
    </Stack>
  );
}

interface BookingButtonsProps {
  item: BookingItem;
  when: string;
  onCancel: () => void;
  onCancelSeries: () => void;
  /** Downloads the booking, or its whole series, as a calendar file. */
  onAddToCalendar: (scope: IcalScope) => void;
  /** Its calendar file is being fetched. */
  addingToCalendar: boolean;
  /** The series menu renders in place (inside a popover, whose outside clicks would close it). */
  inline?: boolean;
}

/** What can be done with a booking: add it to a calendar, cancel it or its series. */
export function BookingButtons({
  item,
  when,
  onCancel,
  onCancelSeries,
  onAddToCalendar,
  addingToCalendar,
  inline = false,
}: BookingButtonsProps) {
  const { t } = useTranslation();
  const { booking } = item;
  return (
    <Group gap="xs">
      <AddToCalendar
        series={booking.recurringId !== ''}
        label={t('addToCalendarOf', { name: booking.space.name, when })}
        loading={addingToCalendar}
        onAdd={onAddToCalendar}
        withinPortal={!inline}
      />
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
        onClick={onCancel}
        aria-label={t('cancelBookingOf', { name: booking.space.name, when })}
      >
        {t('cancelBooking')}
      </Button>
    </Group>
  );
}

export function BookingCard({
  item,
  prefs,
  dailyBasis,
  zone,
  ownZone,
  onCancel,
  onCancelSeries,
  onAddToCalendar,
  addingToCalendar,
  checkIn,
}: BookingCardProps) {
  const { i18n } = useTranslation();
  const when = formatRange(item.enter, item.leave, prefs, i18n.language, dailyBasis);
  return (
    // Focused (as the next booking) after the one above it was cancelled.
    <Paper component="li" withBorder radius="md" p="md" tabIndex={-1} data-booking-card={item.booking.id}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ flex: 1, minWidth: 220, display: 'flex' }}>
          <BookingFacts item={item} when={when} prefs={prefs} dailyBasis={dailyBasis} zone={zone} ownZone={ownZone} />
        </div>
        <BookingButtons
          item={item}
          when={when}
          onCancel={() => onCancel(when)}
          onCancelSeries={onCancelSeries}
          onAddToCalendar={onAddToCalendar}
          addingToCalendar={addingToCalendar}
        />
      </Group>
      <Box mt="sm">
        <CheckInStatus item={item} due={checkIn} zone={zone ?? ownZone} prefs={prefs} when={when} />
      </Box>
    </Paper>
  );
}
