import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { Booking } from '@perch/contract';
import { IconCheck, IconChecklist, IconX } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../app/session/session-context';
import { canAdminister } from '../../app/session/session-data';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageLayout } from '../../shared/ui/PageLayout';
import { useApiErrorMessage } from '../../app/use-api-error-message';
import { bookerName } from '../../shared/people/booker-name';
import { NoAccessPage } from '../../shared/system-pages/NoAccessPage';
import { formatRange } from '../../shared/time/format-time';
import { timePrefsFrom } from '../../shared/time/time-prefs';
import { fromApiTime } from '../../shared/time/wall-time';
import { useAnswerApproval, usePendingApprovals, usePendingApprovalsCount } from './api/approval-queries';
import { QueryFailure } from '../../shared/ui/QueryFailure';

/** Bookings waiting for this approver: approve or decline (a declined booking is removed). */
export function ApprovalsPage() {
  const { user } = useSignedInSession();
  if (!canAdminister(user)) return <NoAccessPage />;
  return <PendingApprovals />;
}

function PendingApprovals() {
  const { t, i18n } = useTranslation();
  const { preferences, settings } = useSignedInSession();
  const errorMessage = useApiErrorMessage();
  const pending = usePendingApprovals();
  const count = usePendingApprovalsCount(true);
  const answer = useAnswerApproval();
  const shown = useMemo(() => pending.data?.pages.flat() ?? [], [pending.data]);
  const prefs = useMemo(() => timePrefsFrom(preferences), [preferences]);

  const respond = async (booking: Booking, approved: boolean) => {
    try {
      await answer.mutateAsync({ id: booking.id, approved });
      notifications.show({ color: 'teal', message: t(approved ? 'bookingApproved' : 'bookingDeclined') });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
  };
  const decline = (booking: Booking) =>
    modals.openConfirmModal({
      title: t('declineBooking'),
      children: <Text>{t('confirmDecline', { name: bookerName(booking), space: booking.space.name })}</Text>,
      labels: { confirm: t('decline'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void respond(booking, false),
    });

  return (
    <PageLayout title={t('navApprovals')} description={t('approvalsIntro')}>
      {pending.isPending && <Skeleton height={120} radius="md" />}
      {pending.isError && <QueryFailure error={pending.error} onRetry={() => void pending.refetch()} />}
      {pending.isSuccess && shown.length === 0 && (
        <EmptyState Icon={IconChecklist} title={t('approvalsEmptyTitle')} body={t('approvalsEmptyBody')} />
      )}
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {shown.map((booking) => {
          const who = bookerName(booking);
          return (
            <Paper component="li" key={booking.id} withBorder radius="md" p="md">
              <Group justify="space-between" align="flex-start">
                <Stack gap={2}>
                  <Text fw={650}>{who}</Text>
                  <Text fz="sm">
                    {booking.space.name} · {booking.space.location.name}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {formatRange(
                      fromApiTime(booking.enter),
                      fromApiTime(booking.leave),
                      prefs,
                      i18n.language,
                      settings.daily_basis_booking === '1',
                    )}
                  </Text>
                  {booking.subject && <Text fz="sm">{booking.subject}</Text>}
                </Stack>
                <Group gap="xs">
                  <Button
                    color="teal"
                    leftSection={<IconCheck size={16} aria-hidden />}
                    onClick={() => void respond(booking, true)}
                    aria-label={t('approveBookingOf', { name: who, space: booking.space.name })}
                    disabled={answer.isPending}
                  >
                    {t('approve')}
                  </Button>
                  <Button
                    variant="light"
                    color="red"
                    leftSection={<IconX size={16} aria-hidden />}
                    onClick={() => decline(booking)}
                    aria-label={t('declineBookingOf', { name: who, space: booking.space.name })}
                    disabled={answer.isPending}
                  >
                    {t('decline')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {shown.length > 0 && (pending.hasNextPage || (count.data ?? 0) > shown.length) && (
        <Group justify="space-between" mt="md">
          <Text c="dimmed" fz="sm" role="status">
            {t('approvalsShown', { shown: shown.length, count: Math.max(count.data ?? 0, shown.length) })}
          </Text>
          {pending.hasNextPage && (
            <Button variant="default" loading={pending.isFetchingNextPage} onClick={() => void pending.fetchNextPage()}>
              {t('approvalsShowMore')}
            </Button>
          )}
        </Group>
      )}
    </PageLayout>
  );
}
