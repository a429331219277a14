import { Alert, Anchor, Box, Button, Center, Group, Image, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { ApiError } from '@perch/client';
import { IconCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../app/use-api-error-message';
import { OneTimeCodeInput, TOTP_CODE_LENGTH } from './OneTimeCodeInput';
import { RecoveryCodes } from './RecoveryCodes';
import { useConfirmTotp, useNewRecoveryCodes, useTotpSecret, useTotpSetup } from './second-factor-queries';
import { CopyTextButton } from '../ui/CopyButtons';
import { FormActions } from '../ui/FormActions';
import { RetryAlert } from '../ui/RetryAlert';

const QR_SIZE = 200;

/** `JBSWY3DPEHPK3PXP` → `JBSW Y3DP EHPK 3PXP`, easier to type from. */
const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function SecretKey({ stateId }: { stateId: string }) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const secret = useTotpSecret(stateId, true);
  if (secret.isPending) return <Skeleton height={36} />;
  if (secret.isError)
    return (
      <Text c="red" fz="sm" role="alert">
        {secret.error instanceof ApiError && secret.error.status === 429
          ? t('totpSecretTooManyReads')
          : errorMessage(secret.error)}
      </Text>
    );
  return (
    <Stack gap={6}>
      <Text fz="sm">{t('totpSecretLabel')}</Text>
      <Paper withBorder radius="sm" px="sm" py={6} bg="var(--mantine-color-default-hover)">
        <Text ff="monospace" fz="md" fw={600} dir="ltr" ta="center" style={{ wordSpacing: '0.2em' }}>
          {groupedSecret(secret.data.secret)}
        </Text>
      </Paper>
      <Group>
        <CopyTextButton
          value={secret.data.secret}
          size="compact-sm"
          label={t('totpSecretCopy')}
          copiedLabel={t('totpSecretCopied')}
        />
      </Group>
    </Stack>
  );
}

interface TotpEnrolmentProps {
  /** For the downloaded recovery codes. */
  account: string;
  /** After the recovery codes were shown and the person confirmed. */
  onDone: () => void;
  onCancel?: () => void;
}

/**
 * Setting up an authenticator app: scan the QR code (or type the key), confirm with a first code,
 * then keep the recovery codes, which are shown this once.
 */
export function TotpEnrolment({ account, onDone, onCancel }: TotpEnrolmentProps) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const setup = useTotpSetup();
  const confirm = useConfirmTotp();
  const recovery = useNewRecoveryCodes();
  const [code, setCode] = useState('');
  const [showKey, setShowKey] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  /** The setup ended (expired or too many wrong codes): only starting again helps. */
  const [setupEnded, setSetupEnded] = useState<string | null>(null);

  const restart = () => {
    setCode('');
    setCodeError(null);
    setSetupEnded(null);
    setShowKey(false);
    void setup.refetch();
  };

  const submit = async (value: string) => {
    if (!setup.data || confirm.isPending || value.length !== TOTP_CODE_LENGTH) return;
    setCodeError(null);
    try {
      await confirm.mutateAsync({ stateId: setup.data.stateId, code: value });
    } catch (e) {
      setCode('');
      if (e instanceof ApiError && e.status === 400) setCodeError(t('totpCodeWrong'));
      else if (e instanceof ApiError && e.status === 404) setSetupEnded(t('totpSetupExpired'));
      else if (e instanceof ApiError && e.status === 429) setSetupEnded(t('totpSetupTooManyAttempts'));
      else setCodeError(errorMessage(e));
      return;
    }
    setConfirmed(true);
    recovery.mutate();
  };

  if (confirmed) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconCheck size={18} aria-hidden />} role="status">
          {t('totpEnabledNow')}
        </Alert>
        <Text fw={600}>{t('recoveryCodesTitle')}</Text>
        <Text fz="sm">{t('recoveryCodesExplained')}</Text>
        {recovery.isPending && <Skeleton height={140} />}
        {recovery.isError && (
          <RetryAlert
            compact
            message={t('recoveryCodesFailed', { reason: errorMessage(recovery.error) })}
            onRetry={() => recovery.mutate()}
          />
        )}
        {recovery.data && <RecoveryCodes codes={recovery.data.codes} account={account} />}
        <Group justify="flex-end">
          <Button onClick={onDone} disabled={recovery.isPending}>
            {recovery.data ? t('recoveryCodesSaved') : t('done')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== TOTP_CODE_LENGTH) {
      setCodeError(t('totpCodeIncomplete'));
      return;
    }
    void submit(code);
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('totpSetupTitle')}>
      <Stack gap="md">
        <Text fz="sm">{t('totpSetupScan')}</Text>
        <Center>
          {setup.isPending || setup.isFetching ? (
            <Skeleton width={QR_SIZE} height={QR_SIZE} radius="md" />
          ) : setup.isError ? (
            <RetryAlert
              compact
              w="100%"
              message={t('totpSetupFailed', { reason: errorMessage(setup.error) })}
              onRetry={restart}
            />
          ) : (
            // A white quiet zone keeps the code scannable in the dark colour scheme.
            <Box bg="white" p={8} style={{ borderRadius: 8, lineHeight: 0 }}>
              <Image src={`data:image/png;base64,${setup.data.image}`} alt={t('totpQrAlt')} w={QR_SIZE} h={QR_SIZE} />
            </Box>
          )}
        </Center>
        {setup.data && !setup.isFetching && (
          <>
            {showKey ? (
              <SecretKey stateId={setup.data.stateId} />
            ) : (
              <Anchor
                component="button"
                type="button"
                fz="sm"
                onClick={() => setShowKey(true)}
                style={{ alignSelf: 'center' }}
              >
                {t('totpShowKey')}
              </Anchor>
            )}
            {setupEnded ? (
              <RetryAlert compact message={setupEnded} onRetry={restart} retryLabel={t('totpStartAgain')} />
            ) : (
              <OneTimeCodeInput
                value={code}
                onChange={(value) => {
                  setCode(value);
                  if (codeError) setCodeError(null);
                }}
                onComplete={(value) => void submit(value)}
                label={t('totpSetupCodeLabel')}
                error={codeError ?? undefined}
                disabled={confirm.isPending}
              />
            )}
          </>
        )}
        <FormActions
          submitLabel={t('totpTurnOn')}
          loading={confirm.isPending}
          disabled={!setup.data || setupEnded !== null}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
