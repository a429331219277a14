import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../shared/ui/Loaders';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { useInvitationLink } from './api/password-link-queries';
import { ChoosePasswordForm } from './ChoosePasswordForm';
import { BackToSignIn, LinkLoadFailure, LinkSentNotice } from './LinkPageParts';
import { LinkRequestForm } from './LinkRequestForm';
import { statusOf } from './password-link-errors';
import { resetRequestPath, signInPath } from './password-link-paths';
import { StepHeading } from './StepHeading';

/** 410: the account has a password already, so the invitation has done its job. */
function AlreadyAccepted({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <StepHeading title={t('invitationAcceptedTitle')} />
      <Text>{t('invitationAcceptedBody')}</Text>
      <Button component={Link} to={signInPath(email)} fullWidth>
        {t('signIn')}
      </Button>
      <Anchor component={Link} to={resetRequestPath(email)} fz="sm">
        {t('forgotPassword')}
      </Anchor>
    </Stack>
  );
}

/** 404: unknown, expired or used; the address gets a new link (a new invitation, as the server decides). */
function InvitationExpired({ email }: { email: string }) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (sentTo !== null) return <LinkSentNotice email={sentTo} />;
  return (
    <Stack gap="lg">
      <StepHeading title={t('invitationExpiredTitle')} />
      <Stack gap="xs">
        <Text>{t('inviteLinkExpired')}</Text>
        <Text>{t('invitationExpiredBody')}</Text>
      </Stack>
      <LinkRequestForm initialEmail={email} submitLabel={t('sendNewLink')} onSent={setSentTo} />
      <BackToSignIn />
    </Stack>
  );
}

/** `/setpw/:id`: the page behind an invitation mail; the chosen password signs the person in. */
export function InvitationPage() {
  const { t } = useTranslation();
  usePageTitle(t('invitationTitle'));
  const { id = '' } = useParams();
  const link = useInvitationLink(id);
  const [gone, setGone] = useState<404 | 410 | null>(null);
  const status = gone ?? (link.isError ? statusOf(link.error) : null);
  const email = link.data?.email ?? '';

  if (status === 410) return <AlreadyAccepted email={email} />;
  if (status === 404) return <InvitationExpired email={email} />;
  if (link.isError) return <LinkLoadFailure error={link.error} onRetry={() => void link.refetch()} />;
  if (!link.data) return <PageLoader />;
  return (
    <Stack gap="lg">
      <StepHeading title={t('invitationTitle')} subtitle={t('invitationIntro', { email })} />
      <ChoosePasswordForm kind="invitation" id={id} link={link.data} onLinkGone={setGone} />
    </Stack>
  );
}
