import { Badge, Box, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { MailStatus, OutboxMail } from '@perch/contract';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { kindText, mayRetry, STATUS_COLORS, STATUS_LABELS } from './mail-outbox';
import { DataTable } from '../../../shared/ui/DataTable';
import { RowActionsHeader } from '../../../shared/ui/RowActions';

interface MailOutboxTableProps {
  rows: readonly OutboxMail[];
  /** An instant in the admin's zone and formats. */
  formatTime: (iso: string) => string;
  onRetry: (mail: OutboxMail) => void;
  /** The mail being tried again, if any. */
  retryingId: string | null;
}

export function MailStatusBadge({ status }: { status: MailStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} style={{ textTransform: 'none' }}>
      {t(STATUS_LABELS[status])}
    </Badge>
  );
}

/** When the mail went out, or when the next attempt is due while it waits. */
function DeliveryTime({ mail, formatTime }: { mail: OutboxMail; formatTime: (iso: string) => string }) {
  const { t } = useTranslation();
  if (mail.sentAt) return t('mailSentAt', { time: formatTime(mail.sentAt) });
  if (mail.nextAttemptAt && mail.status === 'waiting')
    return t('mailNextAttemptAt', { time: formatTime(mail.nextAttemptAt) });
  return '–';
}

function LastError({ text }: { text: string }) {
  if (!text) return <Text span>–</Text>;
  return (
    <Text fz="xs" c="red" lineClamp={3} title={text} style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}

function RetryButton({
  mail,
  onRetry,
  retryingId,
}: Pick<MailOutboxTableProps, 'onRetry' | 'retryingId'> & { mail: OutboxMail }) {
  const { t } = useTranslation();
  if (!mayRetry(mail)) return null;
  return (
    <Button
      variant="light"
      size="compact-sm"
      leftSection={<IconRefresh size={14} aria-hidden />}
      aria-label={t('mailRetryNamed', { recipient: mail.recipient })}
      loading={retryingId === mail.id}
      disabled={retryingId !== null && retryingId !== mail.id}
      onClick={() => onRetry(mail)}
    >
      {t('mailRetry')}
    </Button>
  );
}

/**
 * One page of the outbox: a table from tablet width up, a list of cards on phones. Only one of
 * the two is displayed, so each is read once.
 */
export function MailOutboxTable({ rows, formatTime, onRetry, retryingId }: MailOutboxTableProps) {
  const { t } = useTranslation();
  return (
    <>
      <DataTable
        minWidth={960}
        visibleFrom="sm"
        aria-label={t('mailTableLabel')}
        head={
          <>
            <Table.Th>{t('mailColumnRecipient')}</Table.Th>
            <Table.Th>{t('mailColumnSubject')}</Table.Th>
            <Table.Th>{t('mailColumnKind')}</Table.Th>
            <Table.Th>{t('mailColumnStatus')}</Table.Th>
            <Table.Th ta="end">{t('mailColumnAttempts')}</Table.Th>
            <Table.Th>{t('mailColumnCreated')}</Table.Th>
            <Table.Th>{t('mailColumnDelivery')}</Table.Th>
            <Table.Th>{t('mailColumnLastError')}</Table.Th>
            <RowActionsHeader />
          </>
        }
      >
        {rows.map((mail) => (
          <Table.Tr key={mail.id}>
            <Table.Td fw={500} style={{ overflowWrap: 'anywhere' }}>
              <bdi>{mail.recipient}</bdi>
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{mail.subject}</Table.Td>
            <Table.Td>{kindText(mail.kind, t)}</Table.Td>
            <Table.Td>
              <MailStatusBadge status={mail.status} />
            </Table.Td>
            <Table.Td ta="end">{mail.attempts}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTime(mail.createdAt)}</Table.Td>
            <Table.Td>
              <DeliveryTime mail={mail} formatTime={formatTime} />
            </Table.Td>
            <Table.Td maw={260}>
              <LastError text={mail.lastError} />
            </Table.Td>
            <Table.Td>
              <RetryButton mail={mail} onRetry={onRetry} retryingId={retryingId} />
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <Stack component="ul" gap="sm" m={0} p={0} hiddenFrom="sm" aria-label={t('mailTableLabel')}>
        {rows.map((mail) => (
          <Paper component="li" key={mail.id} withBorder radius="md" p="sm" style={{ listStyle: 'none' }}>
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  <bdi>{mail.recipient}</bdi>
                </Text>
                <MailStatusBadge status={mail.status} />
              </Group>
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {mail.subject}
              </Text>
              <Box
                component="dl"
                m={0}
                fz="sm"
                style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 12px' }}
              >
                <Text component="dt" fz="sm" c="dimmed">
                  {t('mailColumnKind')}
                </Text>
                <Text component="dd" fz="sm" m={0}>
                  {kindText(mail.kind, t)}
                </Text>
                <Text component="dt" fz="sm" c="dimmed">
                  {t('mailColumnCreated')}
                </Text>
                <Text component="dd" fz="sm" m={0}>
                  {formatTime(mail.createdAt)}
                </Text>
                <Text component="dt" fz="sm" c="dimmed">
                  {t('mailColumnDelivery')}
                </Text>
                <Text component="dd" fz="sm" m={0}>
                  <DeliveryTime mail={mail} formatTime={formatTime} />
                </Text>
                <Text component="dt" fz="sm" c="dimmed">
                  {t('mailColumnAttempts')}
                </Text>
                <Text component="dd" fz="sm" m={0}>
                  {mail.attempts}
                </Text>
              </Box>
              {mail.lastError && <LastError text={mail.lastError} />}
              {mayRetry(mail) && (
                <Group>
                  <RetryButton mail={mail} onRetry={onRetry} retryingId={retryingId} />
                </Group>
              )}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
