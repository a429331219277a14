import { Badge, Button, Group, Paper, PasswordInput, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { isComplexPassword } from '@perch/contract/values';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { signsInWithPassword } from '../../../app/session/second-factor-policy';
import { useSession, useSignedInSession } from '../../../app/session/session-context';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { AccountMergeSection } from '../../../shared/account-merge/AccountMergeSection';
import { useInstantFormat } from '../../../shared/time/use-instant-format';
import { useChangePassword, useRevokeSession, useSessions } from '../api/account-queries';
import { CompanySignInSection } from '../security/CompanySignInSection';
import { PasskeySection } from '../security/PasskeySection';
import { TotpSection } from '../security/TotpSection';
import { DataTable } from '../../../shared/ui/DataTable';
import { RowActionsHeader } from '../../../shared/ui/RowActions';
import { QueryFailure } from '../../../shared/ui/QueryFailure';

function ChangePassword() {
  const { t } = useTranslation();
  const { signOut } = useSession();
  const errorMessage = useApiErrorMessage();
  const change = useChangePassword();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [tried, setTried] = useState(false);
  const weak = !isComplexPassword(password);
  const differs = password !== repeat;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (weak || differs) return;
    modals.openConfirmModal({
      title: t('changePassword'),
      children: <Text>{t('changePasswordSignsOut')}</Text>,
      labels: { confirm: t('changePassword'), cancel: t('cancel') },
      onConfirm: () =>
        void change.mutateAsync(password).then(
          async () => {
            notifications.show({ color: 'teal', message: t('passwordChanged') });
            await signOut();
          },
          (error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) }),
        ),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={420}>
        <Title order={2} fz="h4">
          {t('changePassword')}
        </Title>
        <PasswordInput
          label={t('newPassword')}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          description={t('passwordRequirements')}
          error={tried && weak ? t('errorInvalidPassword') : undefined}
        />
        <PasswordInput
          label={t('repeatNewPassword')}
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.currentTarget.value)}
          error={tried && differs ? t('errorPasswordsDiffer') : undefined}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('changePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SessionList() {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const format = useInstantFormat();
  const when = (iso: string) => (Number.isNaN(Date.parse(iso)) ? '—' : format.dateTime(iso));
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {t('activeSessions')}
      </Title>
      {sessions.isPending && <Skeleton height={80} />}
      {sessions.isError && <QueryFailure compact error={sessions.error} onRetry={() => void sessions.refetch()} />}
      {sessions.data && (
        <DataTable
          minWidth={520}
          framed={false}
          dense
          striped
          head={
            <>
              <Table.Th>{t('device')}</Table.Th>
              <Table.Th>{t('signedInAt')}</Table.Th>
              <Table.Th>{t('sessionLastActivity')}</Table.Th>
              <RowActionsHeader />
            </>
          }
        >
          {sessions.data.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>
                <Group gap="xs">
                  <Text fz="sm">{s.device || t('unknownDevice')}</Text>
                  {s.current && <Badge variant="light">{t('thisDevice')}</Badge>}
                </Group>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(s.created)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(s.lastActivity)}</Table.Td>
              <Table.Td>
                {!s.current && (
                  <Button
                    size="xs"
                    variant="default"
                    loading={revoke.isPending && revoke.variables === s.id}
                    onClick={() =>
                      void revoke.mutateAsync(s.id).then(
                        () => notifications.show({ color: 'teal', message: t('sessionEnded') }),
                        (error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) }),
                      )
                    }
                  >
                    {t('signOutSession')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}

/**
 * Password and second factors (authenticator app, passkeys) for password users, and the sessions
 * signed in to this account. A sign-in provider's accounts get these from the provider. The team
 * wiki's account merge is here too: asking (the wiki's account) and answering (a regular one), and
 * the organisation's sign-in providers, to link the account to one.
 */
export function SecurityTab() {
  const { user } = useSignedInSession();
  const passwordUser = signsInWithPassword(user);
  return (
    <Stack gap="xl">
      <AccountMergeSection user={user} />
      <CompanySignInSection />
      {/* An account linked to a provider keeps its password, but it no longer signs in with it. */}
      {passwordUser && !user.signInProviderId && (
        <Paper withBorder p="md" radius="md">
          <ChangePassword />
        </Paper>
      )}
      {passwordUser && <TotpSection />}
      {passwordUser && <PasskeySection />}
      <SessionList />
    </Stack>
  );
}
