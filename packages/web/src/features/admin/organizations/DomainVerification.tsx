import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { ApiError } from '@perch/client';
import type { Domain } from '@perch/contract';
import { IconRefresh } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { useVerifyDomain } from '../api/organization-queries';
import { verificationRecord } from './organization-form';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';
import { CopyIconButton } from '../../../shared/ui/CopyButtons';

interface DomainVerificationProps {
  orgId: string;
  domain: Domain;
  /** Called with the message to show once the domain is active (it leaves the pending list then). */
  onVerified: (message: string) => void;
}

/** The DNS record that proves a pending domain, and "Verify now" with what came of it. */
export function DomainVerification({ orgId, domain, onVerified }: DomainVerificationProps) {
  const { t } = useTranslation();
  const verify = useVerifyDomain(orgId);
  const errorMessage = useApiErrorMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const headingId = useId();
  const record = verificationRecord(domain.verifyToken);
  const name = domain.domain;

  const run = () => {
    setFailure(null);
    verify.mutate(name, {
      onSuccess: (result) =>
        onVerified(t(result === 'alreadyActive' ? 'domainAlreadyActive' : 'domainVerified', { domain: name })),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) setFailure(t('domainTxtNotFound', { domain: name }));
        else if (error instanceof ApiError && error.status === 409)
          setFailure(t('domainActiveElsewhere', { domain: name }));
        else setFailure(errorMessage(error));
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} fz="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {t('domainVerifyTitle', { domain: name })}
        </Title>
        <Text fz="sm">{t('domainVerifyIntro', { domain: name })}</Text>
        <Table.ScrollContainer minWidth={280} type="native" pos="relative">
          <Table withTableBorder variant="vertical" layout="fixed" fz="sm">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={110}>{t('domainRecordType')}</Table.Th>
                <Table.Td ff="monospace">TXT</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('domainRecordName')}</Table.Th>
                <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('domainRecordValue')}</Table.Th>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap" justify="space-between">
                    <Text ff="monospace" fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      {record}
                    </Text>
                    <CopyIconButton value={record} label={t('domainCopyValue')} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {failure && <ErrorAlert title={t('domainVerifyFailedTitle')}>{failure}</ErrorAlert>}
        <Group>
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={verify.isPending}
            onClick={run}
          >
            {t('domainVerifyNow')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
