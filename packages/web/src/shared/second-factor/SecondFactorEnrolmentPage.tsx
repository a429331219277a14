import { Button, Divider, Group, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconDeviceMobile, IconFingerprint, IconLogout, type Icon } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession, useSignedInSession } from '../../app/session/session-context';
import { usePageTitle } from '../ui/use-page-title';
import { AddPasskeyForm } from './AddPasskeyForm';
import classes from './second-factor.module.css';
import { useReloadSession } from './second-factor-queries';
import { TotpEnrolment } from './TotpEnrolment';

type Method = 'choose' | 'totp' | 'passkey';

function MethodChoice({
  Icon,
  title,
  body,
  onClick,
}: {
  Icon: Icon;
  title: string;
  body: string;
  onClick: () => void;
}) {
  return (
    <UnstyledButton className={classes.choice} onClick={onClick}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          <Icon size={22} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={2}>
          <Text fw={600}>{title}</Text>
          <Text fz="sm" c="dimmed">
            {body}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/**
 * Shown instead of the app while the organisation requires a second sign-in step of this user
 * and they have none (`enforce_totp`): it cannot be skipped, only completed or left by signing out.
 */
export function SecondFactorEnrolmentPage() {
  const { t } = useTranslation();
  usePageTitle(t('enrolTitle'));
  const { signOut } = useSession();
  const { user, settings } = useSignedInSession();
  const reload = useReloadSession();
  const [method, setMethod] = useState<Method>('choose');
  const [signingOut, setSigningOut] = useState(false);

  const back = (
    <Button
      variant="subtle"
      color="gray"
      size="compact-sm"
      leftSection={<IconArrowLeft size={16} aria-hidden className="mirror-in-rtl" />}
      onClick={() => setMethod('choose')}
      style={{ alignSelf: 'flex-start' }}
    >
      {t('enrolOtherMethod')}
    </Button>
  );

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz="h2">
          {t('enrolTitle')}
        </Title>
        <Text c="dimmed" fz="sm">
          {settings.enforce_totp === '2' ? t('enrolRequiredForAdmins') : t('enrolRequiredForEveryone')}
        </Text>
      </Stack>
      {method === 'choose' && (
        <Stack gap="sm" role="group" aria-label={t('enrolChoose')}>
          <Text fz="sm" fw={500}>
            {t('enrolChoose')}
          </Text>
          <MethodChoice
            Icon={IconDeviceMobile}
            title={t('enrolTotpTitle')}
            body={t('enrolTotpBody')}
            onClick={() => setMethod('totp')}
          />
          <MethodChoice
            Icon={IconFingerprint}
            title={t('enrolPasskeyTitle')}
            body={t('enrolPasskeyBody')}
            onClick={() => setMethod('passkey')}
          />
        </Stack>
      )}
      {method === 'totp' && (
        <Stack gap="sm">
          {back}
          <Title order={2} fz="h4">
            {t('enrolTotpTitle')}
          </Title>
          <TotpEnrolment account={user.email} onDone={() => void reload()} />
        </Stack>
      )}
      {method === 'passkey' && (
        <Stack gap="sm">
          {back}
          <Title order={2} fz="h4">
            {t('enrolPasskeyTitle')}
          </Title>
          {/* Adding reloads the session, and with a passkey this screen goes away. */}
          <AddPasskeyForm onAdded={() => undefined} />
        </Stack>
      )}
      <Divider />
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fz="sm" c="dimmed" truncate="end" dir="ltr" style={{ minWidth: 0, flex: 1 }}>
          {user.email}
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconLogout size={16} aria-hidden className="mirror-in-rtl" />}
          loading={signingOut}
          style={{ flexShrink: 0 }}
          onClick={() => {
            setSigningOut(true);
            void signOut();
          }}
        >
          {t('signOut')}
        </Button>
      </Group>
    </Stack>
  );
}
