import { Anchor, Button, Divider, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiError, loginWithSecondFactor, type SecondFactorRequest } from '@perch/client';
import type { Preflight } from '@perch/contract';
import { ErrorCode } from '@perch/contract/values';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Message, MessageKey } from '../../i18n';
import { FormErrorAlert } from './FormErrorAlert';
import { PasskeySignInButton } from './PasskeySignInButton';
import { resetRequestPath } from './password-link-paths';
import { signInErrorMessage } from './sign-in-errors';
import { SignInIdentity } from './SignInIdentity';
import { StepHeading } from './StepHeading';
import { useSignIn } from './use-sign-in';
import { StepBackButton } from './StepBackButton';

interface PasswordStepProps {
  email: string;
  organisation: Preflight;
  onBack: () => void;
  /** The account must replace its password first (app code 5001). */
  onNewPasswordRequired: (currentPassword: string) => void;
  /** The password was right and the account has a second factor: ask for it next. */
  onSecondFactor: (request: SecondFactorRequest, password: string) => void;
}

export function PasswordStep({
  email,
  organisation,
  onBack,
  onNewPasswordRequired,
  onSecondFactor,
}: PasswordStepProps) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const [error, setError] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (value): MessageKey | null => (value ? null : 'errorRequired') },
  });

  const submit = form.onSubmit(async ({ password }) => {
    setBusy(true);
    setError(null);
    try {
      const result = await signIn((client) =>
        loginWithSecondFactor(client, { email, password, organizationId: organisation.organization.id }),
      );
      if (result.status !== 'signedIn') onSecondFactor(result, password);
    } catch (e) {
      if (e instanceof ApiError && e.appCode === ErrorCode.PasswordUpdateRequired) {
        onNewPasswordRequired(password);
        return;
      }
      setError(signInErrorMessage(e, 'login'));
      form.setFieldValue('password', '');
    } finally {
      setBusy(false);
    }
  });

  const passwordError = form.errors.password;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <StepHeading title={t('loginToOrg', { org: organisation.organization.name })} />
        <SignInIdentity email={email} />
        <FormErrorAlert message={error} />
        {/* Lets password managers store the address together with the password. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordInput
          {...form.getInputProps('password')}
          error={passwordError ? t(passwordError as MessageKey) : undefined}
          label={t('password')}
          autoComplete="current-password"
          required
          autoFocus
        />
        <Anchor
          component={Link}
          to={resetRequestPath(email, organisation.organization.id)}
          fz="sm"
          mt={-8}
          style={{ alignSelf: 'flex-end' }}
        >
          {t('forgotPassword')}
        </Anchor>
        <Button type="submit" fullWidth loading={busy}>
          {t('signIn')}
        </Button>
        <Divider label={t('orDivider')} labelPosition="center" />
        <PasskeySignInButton organizationId={organisation.organization.id} onError={setError} />
        <StepBackButton onClick={onBack} />
      </Stack>
    </form>
  );
}
