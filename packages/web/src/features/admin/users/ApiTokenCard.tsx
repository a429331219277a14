import { Badge, Button, Center, Group, Loader, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { User } from '@perch/contract';
import { Role } from '@perch/contract/values';
import { IconKey, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { formatInstant } from '../../../shared/time/format-time';
import { timePrefsFrom } from '../../../shared/time/time-prefs';
import { userZone } from '../../../shared/time/wall-time';
import { useApiTokenState, useCreateApiToken, useRevokeApiToken } from '../api/account-security-queries';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { useConfirm } from '../../../shared/ui/use-confirm';
import { Facts } from './Facts';
import { NewApiTokenModal } from './NewApiTokenModal';
import { basicUserName } from './service-account';
import { fullName } from './user-form';
import { Section } from '../../../shared/ui/Section';

/**
 * A service account's API token: whether it has one, when it was made and last used (in the
 * admin's zone and formats); generate (or replace, after a warning that the old one stops
 * working), shown once in a dialog; revoke. Also the account's HTTP Basic user name.
 */
export function ApiTokenCard({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const { preferences } = useSignedInSession();
  const state = useApiTokenState(user.id);
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const confirm = useConfirm();
  const errorMessage = useApiErrorMessage();
  const [token, setToken] = useState<string | null>(null);
  const prefs = useMemo(() => timePrefsFrom(preferences), [preferences]);
  const zone = userZone(preferences.timezone);
  const name = fullName(user) || user.email;
  const when = (iso: string | null, none: string) =>
    iso ? formatInstant(iso, zone, prefs, i18n.language, false) : none;

  const generate = () =>
    create.mutate(user.id, {
      onSuccess: setToken,
      onError: (error) =>
        notifications.show({ color: 'red', title: t('apiTokenNotGenerated'), message: errorMessage(error) }),
    });
  const askReplace = () =>
    confirm({
      title: t('apiTokenReplaceQuestion', { name }),
      message: t('apiTokenReplaceWarning'),
      confirmLabel: t('apiTokenReplace'),
      onConfirm: generate,
    });
  const askRevoke = () =>
    confirm({
      title: t('apiTokenRevokeQuestion', { name }),
      message: t('apiTokenRevokeWarning'),
      confirmLabel: t('apiTokenRevoke'),
      onConfirm: () =>
        revoke.mutate(user.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('apiTokenRevoked', { name }) }),
          onError: (error) =>
            notifications.show({ color: 'red', title: t('apiTokenNotRevoked'), message: errorMessage(error) }),
        }),
    });

  const configured = state.data?.configured === true;
  return (
    <Section
      labelled
      title={t('apiTokenTitle')}
      aside={
        state.data && (
          <Badge variant="light" color={configured ? 'teal' : 'gray'} style={{ textTransform: 'none' }}>
            {configured ? t('apiTokenActive') : t('apiTokenNone')}
          </Badge>
        )
      }
    >
      <Text fz="sm" c="dimmed">
        {t('apiTokenIntro')}{' '}
        {t(user.role === Role.ServiceAccountReadOnly ? 'apiTokenReadOnlyHint' : 'apiTokenReadWriteHint')}
      </Text>
      {state.isError && <QueryFailure error={state.error} onRetry={() => void state.refetch()} />}
      {state.isPending && (
        <Center py="md">
          <Loader size="sm" role="status" aria-label={t('loading')} />
        </Center>
      )}
      {state.data && (
        <>
          <Facts
            label={t('apiTokenTitle')}
            items={[
              { label: t('apiTokenStatus'), value: configured ? t('apiTokenActive') : t('apiTokenNone') },
              ...(configured
                ? [
                    { label: t('apiTokenCreated'), value: when(state.data.createdAt, t('apiTokenUnknownTime')) },
                    { label: t('apiTokenLastUsed'), value: when(state.data.lastUsedAt, t('apiTokenNeverUsed')) },
                  ]
                : []),
            ]}
          />
          <Group gap="sm">
            <Button
              variant={configured ? 'default' : 'filled'}
              leftSection={configured ? <IconRefresh size={16} aria-hidden /> : <IconKey size={16} aria-hidden />}
              loading={create.isPending}
              onClick={configured ? askReplace : generate}
            >
              {configured ? t('apiTokenReplace') : t('apiTokenGenerate')}
            </Button>
            {configured && (
              <Button
                variant="default"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                loading={revoke.isPending}
                onClick={askRevoke}
              >
                {t('apiTokenRevoke')}
              </Button>
            )}
          </Group>
        </>
      )}
      {/* Wraps on a phone rather than hiding the end of the name. */}
      <Textarea
        label={t('apiTokenBasicUserName')}
        value={basicUserName(user)}
        readOnly
        autosize
        minRows={1}
        dir="ltr"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } }}
      />
      <NewApiTokenModal token={token} onClose={() => setToken(null)} />
    </Section>
  );
}
