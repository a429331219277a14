import { Alert, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { ApiError } from '@perch/client';
import { IconAlertCircle, IconDeviceMobile, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { secondFactorEnforced } from '../../../app/session/second-factor-policy';
import { useSignedInSession } from '../../../app/session/session-context';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { RecoveryCodes } from '../../../shared/second-factor/RecoveryCodes';
import {
  useDisableTotp,
  useNewRecoveryCodes,
  useRecoveryCodeCount,
  useReloadSession,
} from '../../../shared/second-factor/second-factor-queries';
import { TotpEnrolment } from '../../../shared/second-factor/TotpEnrolment';

/** Fewer left than this and the count is shown as a warning. */
const FEW_RECOVERY_CODES = 3;

function RecoveryCodeCount() {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const count = useRecoveryCodeCount(true);
  if (count.isPending) return <Skeleton height={20} width={200} />;
  if (count.isError)
    return (
      <Text fz="sm" c="red">
        {t('recoveryCodesCountFailed', { reason: errorMessage(count.error) })}
      </Text>
    );
  const { remaining } = count.data;
  return (
    <Text
      fz="sm"
      c={remaining < FEW_RECOVERY_CODES ? 'orange.8' : undefined}
      fw={remaining < FEW_RECOVERY_CODES ? 600 : 400}
    >
      {t('recoveryCodesLeft', { count: remaining })}
    </Text>
  );
}

/** The authenticator app: set it up, or see its recovery codes, renew them and turn it off. */
export function TotpSection() {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const { user, settings } = useSignedInSession();
  const reload = useReloadSession();
  const disable = useDisableTotp();
  const renew = useNewRecoveryCodes();
  const [enrolling, setEnrolling] = useState(false);
  const [newCodes, setNewCodes] = useState<readonly string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const enforced = secondFactorEnforced(user, settings);

  const finishEnrolment = () => {
    setEnrolling(false);
    void reload();
  };

  const confirmRenew = () =>
    modals.openConfirmModal({
      title: t('recoveryCodesRenewTitle'),
      children: <Text fz="sm">{t('recoveryCodesRenewConfirm')}</Text>,
      labels: { confirm: t('recoveryCodesRenew'), cancel: t('cancel') },
      closeButtonProps: { 'aria-label': t('close') },
      cancelProps: { 'data-autofocus': true },
      onConfirm: () => {
        setFailure(null);
        renew.mutate(undefined, {
          onSuccess: ({ codes }) => setNewCodes(codes),
          onError: (error) => setFailure(t('recoveryCodesFailed', { reason: errorMessage(error) })),
        });
      },
    });

  const confirmDisable = () =>
    modals.openConfirmModal({
      title: t('totpTurnOffTitle'),
      children: <Text fz="sm">{t('totpTurnOffConfirm')}</Text>,
      labels: { confirm: t('totpTurnOff'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('close') },
      cancelProps: { 'data-autofocus': true },
      onConfirm: () => {
        setFailure(null);
        disable.mutate(undefined, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('totpTurnedOff') }),
          onError: (error) =>
            setFailure(
              error instanceof ApiError && error.status === 403 ? t('totpRequiredByOrg') : errorMessage(error),
            ),
        });
      },
    });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="totp-heading">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="nowrap">
            <IconDeviceMobile size={20} aria-hidden />
            <Title order={2} fz="h4" id="totp-heading">
              {t('totpSectionTitle')}
            </Title>
          </Group>
          <Badge variant="light" color={user.totpEnabled ? 'teal' : 'gray'}>
            {user.totpEnabled ? t('secondFactorOn') : t('secondFactorOff')}
          </Badge>
        </Group>
        <Text fz="sm" c="dimmed">
          {t('totpSectionIntro')}
        </Text>
        {failure && user.totpEnabled && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {failure}
          </Alert>
        )}
        {user.totpEnabled ? (
          <>
            <RecoveryCodeCount />
            {enforced && (
              <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
                {t('totpRequiredByOrg')}
              </Alert>
            )}
            <Group gap="xs">
              <Button variant="default" onClick={confirmRenew} loading={renew.isPending}>
                {t('recoveryCodesRenew')}
              </Button>
              {!enforced && (
                <Button variant="default" color="red" onClick={confirmDisable} loading={disable.isPending}>
                  {t('totpTurnOff')}
                </Button>
              )}
            </Group>
          </>
        ) : (
          <Group>
            <Button onClick={() => setEnrolling(true)}>{t('totpSetUp')}</Button>
          </Group>
        )}
      </Stack>
      <Modal
        opened={enrolling}
        onClose={finishEnrolment}
        title={t('totpSetupTitle')}
        closeButtonProps={{ 'aria-label': t('close') }}
        closeOnClickOutside={false}
        size="md"
      >
        {enrolling && (
          <TotpEnrolment account={user.email} onDone={finishEnrolment} onCancel={() => setEnrolling(false)} />
        )}
      </Modal>
      <Modal
        opened={newCodes !== null}
        onClose={() => setNewCodes(null)}
        title={t('recoveryCodesNewTitle')}
        closeButtonProps={{ 'aria-label': t('close') }}
        closeOnClickOutside={false}
      >
        <Stack gap="md">
          <Text fz="sm">{t('recoveryCodesExplained')}</Text>
          {newCodes && <RecoveryCodes codes={newCodes} account={user.email} />}
          <Group justify="flex-end">
            <Button onClick={() => setNewCodes(null)}>{t('recoveryCodesSaved')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
