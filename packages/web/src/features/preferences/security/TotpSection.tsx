import { Alert, Badge, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ApiError } from '@perch/client';
import { IconDeviceMobile, IconInfoCircle } from '@tabler/icons-react';
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
import { Section } from '../../../shared/ui/Section';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';
import { useConfirm } from '../../../shared/ui/use-confirm';

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
  const confirm = useConfirm();
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
    confirm({
      title: t('recoveryCodesRenewTitle'),
      message: t('recoveryCodesRenewConfirm'),
      confirmLabel: t('recoveryCodesRenew'),
      danger: false,
      onConfirm: () => {
        setFailure(null);
        renew.mutate(undefined, {
          onSuccess: ({ codes }) => setNewCodes(codes),
          onError: (error) => setFailure(t('recoveryCodesFailed', { reason: errorMessage(error) })),
        });
      },
    });

  const confirmDisable = () =>
    confirm({
      title: t('totpTurnOffTitle'),
      message: t('totpTurnOffConfirm'),
      confirmLabel: t('totpTurnOff'),
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
    <Section
      compact
      gap="sm"
      labelled="totp-heading"
      Icon={IconDeviceMobile}
      title={t('totpSectionTitle')}
      intro={t('totpSectionIntro')}
      aside={
        <Badge variant="light" color={user.totpEnabled ? 'teal' : 'gray'}>
          {user.totpEnabled ? t('secondFactorOn') : t('secondFactorOff')}
        </Badge>
      }
    >
      {failure && user.totpEnabled && <ErrorAlert compact>{failure}</ErrorAlert>}
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
    </Section>
  );
}
