import { Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { MergeRequest } from '@perch/contract';
import { IconArrowsJoin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MergeAcceptForm } from './MergeAcceptForm';
import { answerMergeErrorMessage } from './merge-errors';
import { useDeclineMerge, useMergeRequests } from './merge-queries';
import { useConfirm } from '../ui/use-confirm';
import { QueryFailure } from '../ui/QueryFailure';

interface MergeRequestListProps {
  /** Shown when nothing waits (a page section says so; the bell's dialog closes instead). */
  emptyText?: string;
}

/**
 * The requests of other accounts (made by the team wiki) to be merged into the signed-in one,
 * each to accept (in a dialog that says what moves and asks for the password) or decline after a
 * confirmation. Accepting moves that account's bookings here.
 */
export function MergeRequestList({ emptyText }: MergeRequestListProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const requests = useMergeRequests();
  const failed = (error: unknown) => {
    const message = answerMergeErrorMessage(error);
    notifications.show({ color: 'red', message: t(message.key, message.values) });
  };
  const decline = useDeclineMerge({
    onSuccess: ({ email }) => notifications.show({ color: 'teal', message: t('mergeDeclined', { email }) }),
    onError: failed,
  });

  // In the modals' layer, not inside this list: the bell shows the list in a dialog of its own.
  const confirmAccept = (request: MergeRequest) => {
    const modalId = `merge-accept-${request.id}`;
    const close = () => modals.close(modalId);
    modals.open({
      modalId,
      title: t('mergeAcceptTitle'),
      closeButtonProps: { 'aria-label': t('close') },
      children: (
        <MergeAcceptForm
          request={request}
          onCancel={close}
          onAccepted={() => {
            close();
            notifications.show({ color: 'teal', message: t('mergeAccepted', { email: request.email }) });
          }}
        />
      ),
    });
  };

  const confirmDecline = (request: MergeRequest) =>
    confirm({
      title: t('mergeDeclineTitle'),
      message: t('mergeDeclineBody', { email: request.email }),
      confirmLabel: t('mergeDeclineConfirm'),
      onConfirm: () => decline.mutate(request),
    });

  if (requests.isPending) return <Skeleton height={64} radius="md" />;
  if (requests.isError) return <QueryFailure compact error={requests.error} onRetry={() => void requests.refetch()} />;
  if (requests.data.length === 0)
    return emptyText ? (
      <Text fz="sm" c="dimmed">
        {emptyText}
      </Text>
    ) : null;

  const busy = (id: string) => decline.isPending && decline.variables.id === id;
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('mergeRequestsTitle')}>
      {requests.data.map((request) => (
        <Paper component="li" key={request.id} withBorder radius="md" p="sm">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 220px' }}>
              <ThemeIcon variant="light" radius="xl" size="lg" aria-hidden>
                <IconArrowsJoin size={18} className="mirror-in-rtl" />
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  <bdi>{request.email}</bdi>
                </Text>
                <Text fz="xs" c="dimmed">
                  {t('mergeRequestAsks')}
                </Text>
              </div>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="default"
                size="xs"
                loading={busy(request.id)}
                onClick={() => confirmDecline(request)}
                aria-label={t('mergeDeclineFrom', { email: request.email })}
              >
                {t('mergeDecline')}
              </Button>
              <Button
                size="xs"
                disabled={busy(request.id)}
                onClick={() => confirmAccept(request)}
                aria-label={t('mergeAcceptFrom', { email: request.email })}
              >
                {t('mergeAccept')}
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
