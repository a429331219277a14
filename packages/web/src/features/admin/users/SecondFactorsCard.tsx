import { Badge, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { User } from '@perch/contract';
import { IconDeviceMobileOff, IconKeyOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { useRemovePasskeys, useResetTotp } from '../api/account-security-queries';
import { useConfirm } from '../../../shared/ui/use-confirm';
import { Facts } from './Facts';
import { fullName } from './user-form';
import { Section } from '../../../shared/ui/Section';
import { EmptyNote } from '../../../shared/ui/EmptyState';

/**
 * A person's second factors: the authenticator app on or off, passkeys or none. An admin resets
 * the app or removes the passkeys of someone else (after a warning); the buttons appear only for
 * what is set, and the user and the list refresh afterwards. Your own are managed in your
 * preferences.
 */
export function SecondFactorsCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const { user: me } = useSignedInSession();
  const resetTotp = useResetTotp();
  const removePasskeys = useRemovePasskeys();
  const confirm = useConfirm();
  const errorMessage = useApiErrorMessage();
  const name = fullName(user) || user.email;
  const isSelf = user.id === me.id;
  const onError = (error: unknown) =>
    notifications.show({ color: 'red', title: t('secondFactorsNotChanged'), message: errorMessage(error) });

  const askResetTotp = () =>
    confirm({
      title: t('secondFactorsResetTotpQuestion', { name }),
      message: t('secondFactorsResetTotpWarning', { name }),
      confirmLabel: t('secondFactorsResetTotp'),
      onConfirm: () =>
        resetTotp.mutate(user.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('secondFactorsTotpReset', { name }) }),
          onError,
        }),
    });
  const askRemovePasskeys = () =>
    confirm({
      title: t('secondFactorsRemovePasskeysQuestion', { name }),
      message: t('secondFactorsRemovePasskeysWarning', { name }),
      confirmLabel: t('secondFactorsRemovePasskeys'),
      onConfirm: () =>
        removePasskeys.mutate(user.id, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('secondFactorsPasskeysRemoved', { name }) }),
          onError,
        }),
    });

  const anySet = user.totpEnabled || user.hasPasskeys;
  return (
    <Section
      labelled
      title={t('secondFactorsTitle')}
      aside={
        <Badge variant="light" color={anySet ? 'teal' : 'gray'} style={{ textTransform: 'none' }}>
          {anySet ? t('secondFactorsOn') : t('secondFactorsOff')}
        </Badge>
      }
    >
      <Facts
        label={t('secondFactorsTitle')}
        items={[
          {
            label: t('secondFactorsAuthenticatorApp'),
            value: user.totpEnabled ? t('secondFactorsOn') : t('secondFactorsOff'),
          },
          {
            label: t('secondFactorsPasskeys'),
            value: user.hasPasskeys ? t('secondFactorsPasskeysRegistered') : t('secondFactorsPasskeysNone'),
          },
        ]}
      />
      {isSelf ? (
        <Text fz="sm" c="dimmed">
          {t('secondFactorsOwnHint')}
        </Text>
      ) : anySet ? (
        <Group gap="sm">
          {user.totpEnabled && (
            <Button
              variant="default"
              color="red"
              leftSection={<IconDeviceMobileOff size={16} aria-hidden />}
              loading={resetTotp.isPending}
              onClick={askResetTotp}
            >
              {t('secondFactorsResetTotp')}
            </Button>
          )}
          {user.hasPasskeys && (
            <Button
              variant="default"
              color="red"
              leftSection={<IconKeyOff size={16} aria-hidden />}
              loading={removePasskeys.isPending}
              onClick={askRemovePasskeys}
            >
              {t('secondFactorsRemovePasskeys')}
            </Button>
          )}
        </Group>
      ) : (
        <EmptyNote>{t('secondFactorsNothingSet', { name })}</EmptyNote>
      )}
    </Section>
  );
}
