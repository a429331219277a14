import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { updatePasswordAndLogin } from '@perch/client';
import type { Preflight } from '@perch/contract';
import { isComplexPassword } from '@perch/contract/values';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message, MessageKey } from '../../i18n';
import { FormErrorAlert } from './FormErrorAlert';
import { signInErrorMessage } from './sign-in-errors';
import { SignInIdentity } from './SignInIdentity';
import { StepHeading } from './StepHeading';
import { useSignIn } from './use-sign-in';

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
  const form = useForm({
    initialValues: { newPassword: '', repeatPassword: '' },
    validate: {
      newPassword: (value): MessageKey | null =>
        isComplexPassword(value) && value !== currentPassword ? null : 'passwordRequirements',
      repeatPassword: (value, values): MessageKey | null =>
        value === values.newPassword ? null : 'errorPasswordsDiffer',
    },
  });

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

  const fieldError = (field: 'newPassword' | 'repeatPassword') => {
    const key = form.errors[field];
    return key ? t(key as MessageKey) : undefined;
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <StepHeading title={t('newPasswordTitle')} subtitle={t('newPasswordIntro')} />
        <SignInIdentity email={email} />
        <FormErrorAlert message={error} />
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordInput
          {...form.getInputProps('newPassword')}
          error={fieldError('newPassword')}
          label={t('newPassword')}
          description={t('passwordRequirements')}
          autoComplete="new-password"
          required
          autoFocus
        />
        <PasswordInput
          {...form.getInputProps('repeatPassword')}
          error={fieldError('repeatPassword')}
          label={t('repeatNewPassword')}
          autoComplete="new-password"
          required
        />
        <Button type="submit" fullWidth loading={busy}>
          {t('savePasswordAndSignIn')}
        </Button>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          style={{ alignSelf: 'flex-start' }}
          leftSection={<IconArrowLeft size={16} aria-hidden className="mirror-in-rtl" />}
          onClick={onBack}
        >
          {t('back')}
        </Button>
      </Stack>
    </form>
  );
}
