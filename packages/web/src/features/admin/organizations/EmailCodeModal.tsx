import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiError } from '@perch/client';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import type { MessageKey } from '../../../i18n';
import { useVerifyOrganizationEmail } from '../api/organization-queries';
import { CODE_LENGTH, normaliseCode, validateCode } from './organization-form';

interface EmailCodeModalProps {
  orgId: string;
  /** The pending change (`verifyUuid` of the save). */
  uuid: string;
  newEmail: string;
  /** The contact email that stays until the code is entered. */
  currentEmail: string;
  onVerified: () => void;
  onClose: () => void;
}

/** "Enter the 6-digit code we sent to …": confirms an org admin's new contact email. */
export function EmailCodeModal({ orgId, uuid, newEmail, currentEmail, onVerified, onClose }: EmailCodeModalProps) {
  const { t } = useTranslation();
  const verify = useVerifyOrganizationEmail(orgId);
  const errorMessage = useApiErrorMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { code: '' }, validate: { code: validateCode } });
  const codeError = form.errors.code;

  const submit = form.onSubmit(({ code }) => {
    setFailure(null);
    verify.mutate(
      { uuid, code: normaliseCode(code) },
      {
        onSuccess: onVerified,
        onError: (error) =>
          setFailure(error instanceof ApiError && error.status === 404 ? t('orgEmailCodeWrong') : errorMessage(error)),
      },
    );
  });

  return (
    <Modal opened onClose={onClose} title={t('orgEmailCodeTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('orgEmailCodeBody', { email: newEmail })}</Text>
          {currentEmail && (
            <Text size="sm" c="dimmed">
              {t('orgEmailCodeKeepsOld', { email: currentEmail })}
            </Text>
          )}
          {failure && (
            <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            {...form.getInputProps('code')}
            error={codeError ? t(codeError as MessageKey) : undefined}
            errorProps={{ role: 'alert' }}
            label={t('orgCode')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH + 4}
            required
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('orgEmailCodeLater')}
            </Button>
            <Button type="submit" loading={verify.isPending}>
              {t('orgConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
