import { Button, Stack } from '@mantine/core';
import { updatePasswordAndLogin } from '@perch/client';
import type { Preflight } from '@perch/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../i18n';
import { FormErrorAlert } from './FormErrorAlert';
import { NewPasswordFields, useNewPasswordForm } from './NewPasswordFields';
import { signInErrorMessage } from './sign-in-errors';
import { SignInIdentity } from './SignInIdentity';
import { StepHeading } from './StepHeading';
import { useSignIn } from './use-sign-in';
import { StepBackButton } from './StepBackButton';

interface NewPasswordStepProps {
  email: string;
  organisation: Preflight;
  currentPassword: string;
  onBack: () => void;
}

/** The server demands a new password (app code 5001) before it hands out a session. */
export function NewPasswordStep({ email, organisation, currentPassword, onBack }: NewPasswordStepProps) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const [error, setError] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useNewPasswordForm(currentPassword);

  const submit = form.onSubmit(async ({ newPassword }) => {
    setBusy(true);
    setError(null);
    try {
      await signIn((client) =>
        updatePasswordAndLogin(client, {
          email,
          password: currentPassword,
          newPassword,
          organizationId: organisation.organization.id,
        }),
      );
    } catch (e) {
      setError(signInErrorMessage(e, 'updatePassword'));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <StepHeading title={t('newPasswordTitle')} subtitle={t('newPasswordIntro')} />
        <SignInIdentity email={email} />
        <FormErrorAlert message={error} />
        <NewPasswordFields form={form} email={email} />
        <Button type="submit" fullWidth loading={busy}>
          {t('savePasswordAndSignIn')}
        </Button>
        <StepBackButton onClick={onBack} />
      </Stack>
    </form>
  );
}
