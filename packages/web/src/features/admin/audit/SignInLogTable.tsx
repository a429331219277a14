import { Badge, Box, Paper, Stack, Table, Text } from '@mantine/core';
import type { AuthAttempt } from '@perch/contract';
import { useTranslation } from 'react-i18next';
import { methodText, reasonText } from './sign-in-log';
import { DataTable } from '../../../shared/ui/DataTable';

interface SignInLogTableProps {
  rows: readonly AuthAttempt[];
  /** The attempt's time in the admin's zone and formats. */
  formatTime: (iso: string) => string;
}

function ResultBadge({ successful }: { successful: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={successful ? 'teal' : 'red'} style={{ textTransform: 'none' }}>
      {t(successful ? 'signInLogSuccessful' : 'signInLogFailed')}
    </Badge>
  );
}

/** The result and, for a failure, the reason in words (and any detail the server kept). */
function Result({ attempt }: { attempt: AuthAttempt }) {
  const { t } = useTranslation();
  const reason = reasonText(attempt, t);
  return (
    <Stack gap={4} align="flex-start">
      <ResultBadge successful={attempt.successful} />
      {reason && <Text fz="sm">{reason}</Text>}
      {attempt.errorDetail && (
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {attempt.errorDetail}
        </Text>
      )}
    </Stack>
  );
}

/**
 * One page of sign-in attempts: a table from tablet width up, a list of cards on phones (seven
 * columns do not fit there). Only one of the two is displayed, so each is read once.
 */
export function SignInLogTable({ rows, formatTime }: SignInLogTableProps) {
  const { t } = useTranslation();
  return (
    <>
      <DataTable
        minWidth={720}
        visibleFrom="sm"
        aria-label={t('navAdminSignInLog')}
        head={
          <>
            <Table.Th>{t('signInLogColumnTime')}</Table.Th>
            <Table.Th>{t('signInLogColumnEmail')}</Table.Th>
            <Table.Th>{t('signInLogColumnResult')}</Table.Th>
            <Table.Th>{t('signInLogColumnMethod')}</Table.Th>
            <Table.Th>{t('signInLogColumnAddress')}</Table.Th>
            <Table.Th>{t('signInLogColumnDevice')}</Table.Th>
          </>
        }
      >
        {rows.map((a) => (
          <Table.Tr key={a.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTime(a.timestamp)}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }} fw={500}>
              {a.email}
            </Table.Td>
            <Table.Td>
              <Result attempt={a} />
            </Table.Td>
            <Table.Td>{methodText(a, t)}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <bdi>{a.clientAddress || '–'}</bdi>
            </Table.Td>
            <Table.Td>{a.device || '–'}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <Stack component="ul" gap="sm" m={0} p={0} hiddenFrom="sm" aria-label={t('navAdminSignInLog')}>
        {rows.map((a) => (
          <Paper component="li" key={a.id} withBorder radius="md" p="sm" style={{ listStyle: 'none' }}>
            <Stack gap={6}>
              <Text fz="sm" c="dimmed">
                {formatTime(a.timestamp)}
              </Text>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {a.email}
              </Text>
              <Result attempt={a} />
              <Box
                component="dl"
                m={0}
                fz="sm"
                style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 12px' }}
              >
                <Text component="dt" fz="sm" c="dimmed">
                  {t('signInLogColumnMethod')}
                </Text>
                <Text component="dd" fz="sm" m={0}>
                  {methodText(a, t)}
                </Text>
                <Text component="dt" fz="sm" c="dimmed">
                  {t('signInLogColumnAddress')}
                </Text>
                <Text component="dd" fz="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                  <bdi>{a.clientAddress || '–'}</bdi>
                </Text>
                <Text component="dt" fz="sm" c="dimmed">
                  {t('signInLogColumnDevice')}
                </Text>
                <Text component="dd" fz="sm" m={0}>
                  {a.device || '–'}
                </Text>
              </Box>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
