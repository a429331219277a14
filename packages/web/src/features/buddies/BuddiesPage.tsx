import { ActionIcon, Avatar, Group, Paper, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { Buddy } from '@perch/contract';
import { IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../app/session/session-context';
import { buddiesEnabled } from '../../app/session/session-data';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageLayout } from '../../shared/ui/PageLayout';
import { useApiErrorMessage } from '../../app/use-api-error-message';
import { NotFoundPage } from '../../shared/system-pages/NotFoundPage';
import { formatRange } from '../../shared/time/format-time';
import { timePrefsFrom } from '../../shared/time/time-prefs';
import { fromApiTime } from '../../shared/time/wall-time';
import { AddBuddy } from './AddBuddy';
import { useBuddies, useRemoveBuddy } from './api/buddy-queries';
import { QueryFailure } from '../../shared/ui/QueryFailure';

const buddyName = (b: Buddy) => `${b.buddyFirstname ?? ''} ${b.buddyLastname ?? ''}`.trim() || b.buddyEmail;

export function BuddiesPage() {
  const { settings } = useSignedInSession();
  // With buddies switched off for the organisation the page does not exist.
  if (!buddiesEnabled(settings)) return <NotFoundPage />;
  return <BuddyList />;
}

/** Colleagues whose bookings are highlighted on the map, each with their next booking. */
function BuddyList() {
  const { t, i18n } = useTranslation();
  const { preferences, settings } = useSignedInSession();
  const errorMessage = useApiErrorMessage();
  const buddies = useBuddies();
  const remove = useRemoveBuddy();
  const prefs = useMemo(() => timePrefsFrom(preferences), [preferences]);
  const existing = useMemo(() => new Set((buddies.data ?? []).map((b) => b.buddyId)), [buddies.data]);

  const confirmRemove = (buddy: Buddy) =>
    modals.openConfirmModal({
      title: t('removeBuddy'),
      children: <Text>{t('confirmDeleteBuddy', { name: buddyName(buddy) })}</Text>,
      labels: { confirm: t('removeBuddy'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void remove.mutateAsync(buddy.id).then(
          () => notifications.show({ color: 'teal', message: t('buddyRemoved', { name: buddyName(buddy) }) }),
          (error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) }),
        ),
    });

  return (
    <PageLayout title={t('navBuddies')} description={t('buddiesIntro')}>
      <AddBuddy existing={existing} />
      {buddies.isPending && <Skeleton height={120} radius="md" />}
      {buddies.isError && <QueryFailure error={buddies.error} onRetry={() => void buddies.refetch()} />}
      {buddies.isSuccess && buddies.data.length === 0 && (
        <EmptyState Icon={IconUsersGroup} title={t('buddiesEmptyTitle')} body={t('buddiesEmptyBody')} />
      )}
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('navBuddies')}>
        {buddies.data?.map((buddy) => {
          const next = buddy.buddyFirstBooking;
          return (
            <Paper component="li" key={buddy.id} withBorder radius="md" p="md">
              <Group justify="space-between" wrap="nowrap">
                <Group wrap="nowrap" style={{ minWidth: 0 }}>
                  <Avatar radius="xl" color="blue" name={buddyName(buddy)} aria-hidden />
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {buddyName(buddy)}
                    </Text>
                    <Text fz="sm" c="dimmed">
                      {next
                        ? t('buddyNextBooking', {
                            space: next.desk,
                            area: next.room,
                            when: formatRange(
                              fromApiTime(next.enter),
                              fromApiTime(next.leave),
                              prefs,
                              i18n.language,
                              settings.daily_basis_booking === '1',
                            ),
                          })
                        : t('buddyNoBooking')}
                    </Text>
                  </div>
                </Group>
                <Tooltip label={t('removeBuddyNamed', { name: buddyName(buddy) })}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('removeBuddyNamed', { name: buddyName(buddy) })}
                    onClick={() => confirmRemove(buddy)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </PageLayout>
  );
}
