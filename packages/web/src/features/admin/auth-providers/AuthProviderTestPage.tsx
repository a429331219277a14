import { Alert, Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ProviderTestResult } from '@perch/contract';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCircleCheck,
  IconPlayerPlay,
  IconUserCheck,
  IconUserX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { providerFailureMessage } from '../../../shared/sign-in-providers/provider-failure';
import { providerTestUrl } from '../../../shared/sign-in-providers/provider-sign-in-url';
import { useAuthProvider, useAuthProviderTestResult } from '../api/auth-provider-queries';
import { isNotFound } from '../api/is-not-found';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { AUTH_PROVIDERS_PATH } from './AuthProviderForm';
import { DataTable } from '../../../shared/ui/DataTable';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';
import { PageLoader } from '../../../shared/ui/Loaders';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** A value the provider sent: its own text direction, long values wrapped. */
function Sent({ value }: { value: string }) {
  const { t } = useTranslation();
  if (!value)
    return (
      <Text span c="dimmed" fs="italic">
        {t('authProviderNotSent')}
      </Text>
    );
  return (
    <Text span dir="auto" style={{ overflowWrap: 'anywhere' }}>
      {value}
    </Text>
  );
}

function Outcome({ result }: { result: ProviderTestResult }) {
  const { t } = useTranslation();
  if (!result.successful)
    return (
      <ErrorAlert title={t('authProviderTestFailed')}>
        <Stack gap="xs">
          <Text fz="sm">{t(providerFailureMessage(result.reason))}</Text>
          {(result.error || result.errorDescription) && (
            <Code block dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {[result.error, result.errorDescription].filter(Boolean).join('\n')}
            </Code>
          )}
        </Stack>
      </ErrorAlert>
    );
  return (
    <Stack gap="sm">
      <Alert color="teal" icon={<IconCircleCheck size={20} aria-hidden />} role="status">
        {t('authProviderTestSucceeded', { email: result.email })}
      </Alert>
      <Alert
        color={result.wouldSignIn ? 'teal' : 'yellow'}
        variant="outline"
        icon={result.wouldSignIn ? <IconUserCheck size={20} aria-hidden /> : <IconUserX size={20} aria-hidden />}
      >
        {result.wouldSignIn ? t('authProviderWouldSignIn') : t('authProviderWouldNotSignIn')}
        {/* Perch's own account of why, in the server's words. */}
        {!result.wouldSignIn && result.error && (
          <Text fz="sm" c="dimmed" mt={4} dir="auto">
            {result.error}
          </Text>
        )}
      </Alert>
    </Stack>
  );
}

function ResultDetails({ result }: { result: ProviderTestResult }) {
  const { t } = useTranslation();
  const attributes = Object.entries(result.attributes).sort(([a], [b]) => a.localeCompare(b));
  return (
    <>
      {result.successful && (
        <Panel title={t('authProviderMappedTitle')}>
          <Table variant="vertical" layout="fixed" withTableBorder={false}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={{ base: 110, sm: 180 }}>{t('emailAddress')}</Table.Th>
                <Table.Td>
                  <Sent value={result.email} />
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('userFirstName')}</Table.Th>
                <Table.Td>
                  <Sent value={result.firstname} />
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('userLastName')}</Table.Th>
                <Table.Td>
                  <Sent value={result.lastname} />
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Panel>
      )}
      <Panel title={t('authProviderAttributesTitle')}>
        {attributes.length === 0 ? (
          <Text c="dimmed">{t('authProviderAttributesNone')}</Text>
        ) : (
          <Stack gap="sm">
            <Text c="dimmed" fz="sm">
              {t('authProviderAttributesHint')}
            </Text>
            <DataTable
              minWidth={280}
              framed={false}
              dense
              layout="fixed"
              striped
              caption={t('authProviderAttributeCount', { count: attributes.length })}
              head={
                <>
                  <Table.Th w="40%">{t('name')}</Table.Th>
                  <Table.Th>{t('authProviderAttributeValue')}</Table.Th>
                </>
              }
            >
              {attributes.map(([name, value]) => (
                <Table.Tr key={name}>
                  <Table.Td dir="ltr" ff="monospace" fz="sm" style={{ overflowWrap: 'anywhere', textAlign: 'start' }}>
                    {name}
                  </Table.Td>
                  <Table.Td fz="sm">
                    <Sent value={value} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          </Stack>
        )}
      </Panel>
    </>
  );
}

/**
 * `/admin/auth-providers/:providerId/test/:stateId`: where the provider returns after an admin's
 * test sign-in. Shows what it sent, what Perch read from it and whether that person could sign in.
 */
export function AuthProviderTestPage() {
  const { providerId = '', stateId = '' } = useParams();
  const { t } = useTranslation();
  const provider = useAuthProvider(providerId);
  const result = useAuthProviderTestResult(providerId, stateId);
  const name = provider.data?.name;
  const backPath = `${AUTH_PROVIDERS_PATH}/${providerId}`;
  return (
    <AdminPage
      title={name ? t('authProviderTestTitle', { name }) : t('authProviderTestTitleUnnamed')}
      trail={[
        { label: t('navAdminAuthProviders'), to: AUTH_PROVIDERS_PATH },
        ...(name ? [{ label: name, to: backPath }] : []),
      ]}
    >
      <Stack gap="md">
        {result.isPending && <PageLoader />}
        {result.isError && isNotFound(result.error) && (
          <Alert color="yellow" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
            {t('authProviderTestExpired')}
          </Alert>
        )}
        {result.isError && !isNotFound(result.error) && (
          <QueryFailure error={result.error} onRetry={() => void result.refetch()} />
        )}
        {result.isSuccess && (
          <>
            <Outcome result={result.data} />
            <ResultDetails result={result.data} />
          </>
        )}
        {!result.isPending && (
          <Group gap="sm">
            <Button
              component={Link}
              to={backPath}
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden className="mirror-in-rtl" />}
            >
              {name ? t('authProviderBackTo', { name }) : t('navAdminAuthProviders')}
            </Button>
            <Button
              component="a"
              href={providerTestUrl(providerId)}
              leftSection={<IconPlayerPlay size={18} aria-hidden />}
            >
              {t('authProviderTestAgain')}
            </Button>
          </Group>
        )}
      </Stack>
    </AdminPage>
  );
}
