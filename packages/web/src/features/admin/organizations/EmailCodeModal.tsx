import { Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiError } from '@perch/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { useVerifyOrganizationEmail } from '../api/organization-queries';
import { CodeField } from './CodeField';
import { normaliseCode, validateCode } from './organization-form';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';
import { FormActions } from '../../../shared/ui/FormActions';

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
          {failure && <ErrorAlert>{failure}</ErrorAlert>}
          <CodeField form={form} label={t('orgCode')} autoComplete="one-time-code" />
          <FormActions
            submitLabel={t('orgConfirm')}
            loading={verify.isPending}
            onCancel={onClose}
            cancelLabel={t('orgEmailCodeLater')}
          />
        </Stack>
      </form>
    </Modal>
  );
}
