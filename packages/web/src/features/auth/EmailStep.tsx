import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { preflight } from '@perch/client';
import type { Preflight } from '@perch/contract';
import { isEmail } from '@perch/contract/values';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/session-context';
import type { Message, MessageKey } from '../../i18n';
import { FormErrorAlert } from './FormErrorAlert';
import { signInErrorMessage } from './sign-in-errors';
import { StepHeading } from './StepHeading';
import { SignInEmailField } from './SignInEmailField';

interface EmailStepProps {
  initialEmail: string;
  onFound: (email: string, organisation: Preflight) => void;
}

/** Step one: the email address tells which organisation and which sign-in methods apply. */
export function EmailStep({ initialEmail, onFound }: EmailStepProps) {
  const { t } = useTranslation();
  const { api } = useSession();
  const [error, setError] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { email: initialEmail },
    validate: { email: (value): MessageKey | null => (isEmail(value.trim()) ? null : 'errorInvalidEmail') },
  });

  const submit = form.onSubmit(async ({ email }) => {
    setBusy(true);
    setError(null);
    try {
      const address = email.trim();
      onFound(address, await preflight(api.client, address));
    } catch (e) {
      setError(signInErrorMessage(e, 'preflight'));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <StepHeading title={t('loginTitle')} subtitle={t('loginSubtitle')} />
        <FormErrorAlert message={error} />
        <SignInEmailField form={form} />
        <Button type="submit" fullWidth loading={busy}>
          {t('continue')}
        </Button>
      </Stack>
    </form>
  );
}
