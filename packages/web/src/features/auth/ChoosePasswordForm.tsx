import { Alert, Button, Stack } from '@mantine/core';
import { login } from '@perch/client';
import type { OneTimeLink } from '@perch/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_SIGNED_IN_PATH } from '../../app/safe-redirect';
import type { Message } from '../../i18n';
import { useSetPasswordByLink, type PasswordLinkKind } from './api/password-link-queries';
import { FormErrorAlert } from './FormErrorAlert';
import { NewPasswordFields, useNewPasswordForm } from './NewPasswordFields';
import { setPasswordFailure, statusOf } from './password-link-errors';
import { signInPath } from './password-link-paths';
import { useSignIn } from './use-sign-in';

interface ChoosePasswordFormProps {
  kind: PasswordLinkKind;
  /** The link's id, from the mailed address. */
  id: string;
  /** The account the link is for. */
  link: OneTimeLink;
  /** The link stopped working while the page was open: 404 (expired, used) or 410 (a password exists). */
  onLinkGone: (status: 404 | 410) => void;
}

/**
 * The new password, typed twice under the complexity rule. Once the server took it, the person
 * is signed in with it and lands on the start page.
 */
export function ChoosePasswordForm({ kind, id, link, onLinkGone }: ChoosePasswordFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const setPassword = useSetPasswordByLink(kind, id);
  const form = useNewPasswordForm();
  const [error, setError] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  /** The password was saved but signing in failed: the link is used up, so the form must not come back. */
  const [savedOnly, setSavedOnly] = useState(false);

  const submit = form.onSubmit(async ({ newPassword }) => {
    setBusy(true);
    setError(null);
    try {
      await setPassword.mutateAsync(newPassword);
    } catch (e) {
      setBusy(false);
      const status = statusOf(e);
      if (status === 404 || status === 410) onLinkGone(status);
      else if (status === 400) form.setFieldError('newPassword', 'passwordRequirements');
      else setError(setPasswordFailure(e));
      return;
    }
    try {
      await signIn((client) =>
        login(client, { email: link.email, password: newPassword, organizationId: link.organizationId }),
      );
      navigate(DEFAULT_SIGNED_IN_PATH, { replace: true });
    } catch {
      setSavedOnly(true);
      setBusy(false);
    }
  });

  if (savedOnly)
    return (
      <Stack gap="lg">
        <Alert role="alert" color="yellow" variant="light" icon={<IconCircleCheck size={18} aria-hidden />}>
          {t('passwordSavedSignInFailed')}
        </Alert>
        <Button component={Link} to={signInPath(link.email)} fullWidth>
          {t('signIn')}
        </Button>
      </Stack>
    );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FormErrorAlert message={error} />
        <NewPasswordFields form={form} email={link.email} />
        <Button type="submit" fullWidth loading={busy}>
          {t('savePasswordAndSignIn')}
        </Button>
      </Stack>
    </form>
  );
}
