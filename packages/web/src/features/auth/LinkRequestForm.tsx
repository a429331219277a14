import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { preflight } from '@perch/client';
import { isEmail } from '@perch/contract/values';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/session-context';
import type { Message, MessageKey } from '../../i18n';
import { useRequestPasswordReset } from './api/password-link-queries';
import { FormErrorAlert } from './FormErrorAlert';
import { linkRequestFailure, type LinkRequestFailure } from './password-link-errors';
import { signInErrorMessage } from './sign-in-errors';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { SignInEmailField } from './SignInEmailField';

interface LinkRequestFormProps {
  initialEmail: string;
  /** The organisation of `initialEmail`, when the sign-in screen knew it already. */
  organizationId?: string;
  submitLabel: string;
  /** The server took the request (it never says whether the account exists). */
  onSent: (email: string) => void;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function FailureAlert({ failure }: { failure: LinkRequestFailure | null }) {
  const { t } = useTranslation();
  if (!failure) return null;
  if ('message' in failure) return <FormErrorAlert message={failure.message} />;
  return (
    <ErrorAlert compact>
      {failure.throttledMinutes === null
        ? t('resetRequestThrottledLater')
        : t('resetRequestThrottled', { count: failure.throttledMinutes })}
    </ErrorAlert>
  );
}

/**
 * Asks for a mail with a link to choose a password: a reset link, or a new invitation for an
 * account that has not chosen one yet (the server decides). The organisation comes from the
 * sign-in screen or, like there, from the email address (`POST /auth/preflight`).
 */
export function LinkRequestForm({ initialEmail, organizationId, submitLabel, onSent }: LinkRequestFormProps) {
  const { api } = useSession();
  const request = useRequestPasswordReset();
  const [failure, setFailure] = useState<LinkRequestFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { email: initialEmail },
    validate: { email: (value): MessageKey | null => (isEmail(value.trim()) ? null : 'errorInvalidEmail') },
  });

  /** The organisation of the address, or the message saying why there is none to ask. */
  const organisationOf = async (email: string): Promise<string | Message> => {
    if (organizationId && sameAddress(email, initialEmail)) return organizationId;
    try {
      const found = await preflight(api.client, email);
      return found.disablePasswordLogin ? { key: 'resetNotAvailable' } : found.organization.id;
    } catch (e) {
      return signInErrorMessage(e, 'preflight');
    }
  };

  const submit = form.onSubmit(async (values) => {
    const email = values.email.trim();
    setBusy(true);
    setFailure(null);
    try {
      const organisation = await organisationOf(email);
      if (typeof organisation !== 'string') {
        setFailure({ message: organisation });
        return;
      }
      await request.mutateAsync({ organizationId: organisation, email });
      onSent(email);
    } catch (e) {
      setFailure(linkRequestFailure(e));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FailureAlert failure={failure} />
        <SignInEmailField form={form} />
        <Button type="submit" fullWidth loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
