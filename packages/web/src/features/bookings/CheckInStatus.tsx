import type { CheckInDue } from '@perch/contract';
import { Badge, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconDoorExit, IconLogin2, IconQrcode } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../app/use-api-error-message';
import { formatInstantTime } from '../../shared/time/format-time';
import type { TimePrefs } from '../../shared/time/time-prefs';
import { useCheckIn, useCheckOut } from '../../shared/api/check-in-queries';
import type { BookingItem } from './booking-groups';

/** The current time, again every `everyMs`: the window opens while the page is open. */
function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

interface CheckInStatusProps {
  item: BookingItem;
  /** The booking's check-in window, when it waits for a check-in. */
  due: CheckInDue | undefined;
  /** The zone the booking's times are shown in. */
  zone: string;
  prefs: TimePrefs;
  /** The booking's time as shown, for the buttons' accessible names. */
  when: string;
}

/**
 * A booking's office day: checked in or released (a badge), the check-in window (from when,
 * released when) with a Check in button while it is open, or the hint to scan the code at the
 * space; Check out while the booking is in progress. Nothing for a booking that needs none.
 */
export function CheckInStatus({ item, due, zone, prefs, when }: CheckInStatusProps) {
  const { t, i18n } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const checkIn = useCheckIn();
  const checkOut = useCheckOut();
  const now = useNow();
  const { booking } = item;
  const time = (iso: string) => formatInstantTime(iso, zone, prefs, i18n.language);
  const closeButtonProps = { 'aria-label': t('close') };
  const fail = (title: string) => (error: unknown) =>
    notifications.show({ closeButtonProps, color: 'red', title, message: errorMessage(error), autoClose: 10_000 });

  if (booking.releasedAt)
    return (
      <Group gap="xs">
        <Badge color="red" variant="light">
          {t('checkInReleased')}
        </Badge>
        <Text fz="sm" c="dimmed">
          {t(booking.releaseReason === 'not-coming' ? 'checkInReleasedNotComing' : 'checkInReleasedAt', {
            time: time(booking.releasedAt),
          })}
        </Text>
      </Group>
    );

  const checkedIn = booking.checkedInAt !== null && booking.checkedInAt !== undefined;
  const waiting = !checkedIn && due !== undefined;
  const open = waiting && Date.parse(due.opensAt) <= now;
  const outButton = item.inProgress && !waiting && (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconDoorExit size={16} aria-hidden />}
      loading={checkOut.isPending}
      aria-label={t('checkOutOf', { name: booking.space.name, when })}
      onClick={() =>
        checkOut.mutate(booking.id, {
          onSuccess: () => notifications.show({ closeButtonProps, color: 'teal', message: t('checkedOutToast') }),
          onError: fail(t('checkOutFailedTitle')),
        })
      }
    >
      {t('checkOut')}
    </Button>
  );

  if (!waiting)
    return checkedIn || outButton ? (
      <Group gap="xs">
        {checkedIn && (
          <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={12} aria-hidden />}>
            {t('checkedIn')}
          </Badge>
        )}
        {outButton}
      </Group>
    ) : null;

  const deadline = t(due.releases ? 'checkInReleasedUnless' : 'checkInMissedUnless', { time: time(due.missedAt) });
  return (
    <Group gap="xs" align="center">
      {open && !due.scanOnly && (
        <Button
          size="xs"
          leftSection={<IconLogin2 size={16} aria-hidden />}
          loading={checkIn.isPending}
          aria-label={t('checkInTo', { name: booking.space.name, when })}
          onClick={() =>
            checkIn.mutate(
              { id: booking.id },
              {
                onSuccess: () => notifications.show({ closeButtonProps, color: 'teal', message: t('checkedInToast') }),
                onError: fail(t('checkInFailedTitle')),
              },
            )
          }
        >
          {t('checkIn')}
        </Button>
      )}
      {open && due.scanOnly && (
        <Group gap={6} wrap="nowrap">
          <IconQrcode size={16} aria-hidden />
          <Text fz="sm">{t('checkInScanHint')}</Text>
        </Group>
      )}
      <Text fz="sm" c={open ? undefined : 'dimmed'}>
        {open ? deadline : `${t('checkInOpensAt', { time: time(due.opensAt) })} · ${deadline}`}
      </Text>
    </Group>
  );
}
