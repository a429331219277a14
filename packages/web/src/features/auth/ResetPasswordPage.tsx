import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../shared/ui/Loaders';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { usePasswordResetLink } from './api/password-link-queries';
import { ChoosePasswordForm } from './ChoosePasswordForm';
import { BackToSignIn, LinkLoadFailure } from './LinkPageParts';
import { statusOf } from './password-link-errors';
import { resetRequestPath } from './password-link-paths';
import { StepHeading } from './StepHeading';

/** An unknown, expired or used reset link: say why, and lead to a new one. */
function ResetLinkGone() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <StepHeading title={t('resetLinkGoneTitle')} />
      <Text>{t('resetLinkGoneBody')}</Text>
      <Button component={Link} to={resetRequestPath()} fullWidth>
        {t('requestNewLink')}
      </Button>
      <BackToSignIn />
    </Stack>
  );
}

/** `/resetpw/:id`: the page behind the mailed reset link; the new password signs the person in. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('resetRequestTitle'));
  const { id = '' } = useParams();
  const link = usePasswordResetLink(id);
  const [gone, setGone] = useState(false);

  if (gone || (link.isError && statusOf(link.error) === 404)) return <ResetLinkGone />;
  if (link.isError) return <LinkLoadFailure error={link.error} onRetry={() => void link.refetch()} />;
  if (!link.data) return <PageLoader />;
  return (
    <Stack gap="lg">
      <StepHeading title={t('resetRequestTitle')} subtitle={t('resetPasswordIntro', { email: link.data.email })} />
      <ChoosePasswordForm kind="reset" id={id} link={link.data} onLinkGone={() => setGone(true)} />
    </Stack>
  );
}
