import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../app/use-api-error-message';
import { attachmentName, saveTextFile } from '../../shared/download/download-file';
import { datePart, type WallTime } from '../../shared/time/wall-time';
import {
  useCancelBooking,
  useCancelBookings,
  useCancelSeries,
  useIcalFile,
  type IcalScope,
} from './api/booking-queries';

/**
 * Cancel one, a series or all upcoming bookings, each behind a confirmation, with the outcome as a
 * toast; download a booking or its series as a calendar file. After a cancellation succeeded (and
 * the list was reloaded), `done` runs: the page moves the focus from the vanished button to a
 * sensible place. Kept, or failed, the focus returns to the button that asked.
 */
export function useBookingActions() {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const cancelOne = useCancelBooking();
  const cancelSeries = useCancelSeries();
  const cancelMany = useCancelBookings();
  const ical = useIcalFile();
  const closeButtonProps = { 'aria-label': t('close') };

  const fail = (error: unknown) =>
    notifications.show({
      closeButtonProps: { 'aria-label': t('close') },
      color: 'red',
      title: t('cancelFailedTitle'),
      message: errorMessage(error),
      autoClose: 10_000,
    });

  const confirm = (title: string, body: string, confirmLabel: string, action: () => Promise<void>) =>
    modals.openConfirmModal({
      title,
      children: <Text>{body}</Text>,
      labels: { confirm: confirmLabel, cancel: t('keepBooking') },
      closeButtonProps: { 'aria-label': t('close') },
      confirmProps: { color: 'red' },
      onConfirm: () => void action(),
    });

  return {
    cancel: (id: string, when: string, done?: () => void) =>
      confirm(t('cancelBookingTitle'), t('confirmCancelBooking', { enter: when }), t('cancelBooking'), async () => {
        try {
          await cancelOne.mutateAsync(id);
          notifications.show({ color: 'teal', message: t('bookingCancelled'), closeButtonProps });
          done?.();
        } catch (error) {
          fail(error);
        }
      }),
    cancelSeries: (recurringId: string, done?: () => void) =>
      confirm(t('cancelSeriesTitle'), t('confirmCancelAllBookings'), t('cancelSeries'), async () => {
        try {
          await cancelSeries.mutateAsync(recurringId);
          notifications.show({ color: 'teal', message: t('seriesCancelled'), closeButtonProps });
          done?.();
        } catch (error) {
          fail(error);
        }
      }),
    cancelAll: (ids: readonly string[], done?: () => void) =>
      confirm(t('cancelAllTitle'), t('confirmCancelAllUpcoming', { num: ids.length }), t('cancelAll'), async () => {
        const failures = await cancelMany.mutateAsync(ids);
        done?.();
        if (failures.length === 0) notifications.show({ color: 'teal', message: t('allCancelled'), closeButtonProps });
        else
          notifications.show({
            closeButtonProps,
            color: 'red',
            title: t('someNotCancelled', { num: failures.length }),
            message: errorMessage(failures[0]?.error),
            autoClose: 10_000,
          });
      }),
    /** Downloads the `.ics` file; named as the server says, else `booking-<date>.ics`. */
    addToCalendar: (scope: IcalScope, id: string, enter: WallTime) =>
      ical.mutate(
        { scope, id },
        {
          onSuccess: ({ text, contentDisposition }) => {
            const fallback = `${scope === 'series' ? 'booking-series' : 'booking'}-${datePart(enter)}.ics`;
            saveTextFile(text, attachmentName(contentDisposition, fallback), 'text/calendar;charset=utf-8');
          },
          onError: (error) =>
            notifications.show({
              closeButtonProps: { 'aria-label': t('close') },
              color: 'red',
              title: t('calendarFileFailed'),
              message: errorMessage(error),
              autoClose: 10_000,
            }),
        },
      ),
    /** The booking (or series) whose calendar file is being fetched. */
    icalPending: ical.isPending ? (ical.variables?.id ?? null) : null,
    busy: cancelOne.isPending || cancelSeries.isPending || cancelMany.isPending,
  };
}
