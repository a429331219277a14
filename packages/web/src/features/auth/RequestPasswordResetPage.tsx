import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { BackToSignIn, LinkSentNotice } from './LinkPageParts';
import { LinkRequestForm } from './LinkRequestForm';
import { StepHeading } from './StepHeading';

/**
 * `/resetpw/`: mails a link to choose a new password (`?email=…&org=…` from the sign-in screen
 * fill the form in). The answer is the same whether or not the account exists.
 */
export function RequestPasswordResetPage() {
  const { t } = useTranslation();
  usePageTitle(t('resetRequestTitle'));
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo !== null) return <LinkSentNotice email={sentTo} />;
  return (
    <Stack gap="lg">
      <StepHeading title={t('resetRequestTitle')} subtitle={t('resetRequestIntro')} />
      <LinkRequestForm
        initialEmail={email}
        organizationId={params.get('org') ?? undefined}
        submitLabel={t('resetRequestSubmit')}
        onSent={setSentTo}
      />
      <BackToSignIn email={email} />
    </Stack>
  );
}
