import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { ApiError, verifyProviderSignIn } from '@perch/client';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { apiErrorMessage } from '../../app/api-error-message';
import { useEmbedded } from '../../app/embedded/embedded-mode';
import { safeRedirectTarget } from '../../app/safe-redirect';
import { usePageTitle } from '../../app/ui/use-page-title';
import type { Message } from '../../i18n';
import { StepHeading } from './StepHeading';
import { useSignIn } from './use-sign-in';

/** The sign-in page without the automatic jump to the provider, so a failure cannot loop. */
export const SIGN_IN_WITHOUT_REDIRECT = '/login?noredirect=1';

/** What went wrong while redeeming the ticket, in the words of SPEC §8 where it has them. */
function ticketErrorMessage(error: unknown): Message {
  if (error instanceof ApiError && !error.isNetworkError) {
    if (error.status === 404) return { key: 'providerTicketExpired' };
    if (error.status === 403) return { key: 'providerBoundElsewhere' };
    if (error.status === 402) return { key: 'errorSubscriptionLimit' };
    if (error.status === 400) return { key: 'providerFailedLogin' };
  }
  return apiErrorMessage(error);
}

/**
 * `/login/success/:id`: where the server sends the browser after a provider signed the person
 * in. Redeems the ticket for credentials, loads the session and goes on to `redir`.
 */
export function LoginSuccessPage() {
  const { t } = useTranslation();
  usePageTitle(t('providerSignInFinishing'));
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const target = safeRedirectTarget(params.get('redir'));
  const navigate = useNavigate();
  const signIn = useSignIn();
  const embedded = useEmbedded();
  const [failure, setFailure] = useState<Message | null>(null);
  // One redemption per ticket, even when React runs the effect twice (StrictMode).
  const redemption = useRef<{ id: string; outcome: Promise<Message | null> } | null>(null);

  useEffect(() => {
    let current = true;
    if (redemption.current?.id !== id)
      redemption.current = {
        id,
        outcome: signIn((client) => verifyProviderSignIn(client, id)).then(
          () => null,
          (error: unknown) => ticketErrorMessage(error),
        ),
      };
    void redemption.current.outcome.then((message) => {
      if (!current) return;
      if (message) setFailure(message);
      else navigate(target, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [id, signIn, navigate, target]);

  if (!failure)
    return (
      <Center py="xl">
        <Stack align="center" gap="sm" role="status">
          <Loader aria-hidden />
          <Text>{t('providerSignInFinishing')}</Text>
        </Stack>
      </Center>
    );
  // Inside the team wiki the ticket came from the wiki page: signing in again means reloading it.
  const shown: Message = embedded && failure.key === 'providerTicketExpired' ? { key: 'wikiFailedExpired' } : failure;
  return (
    <Stack gap="lg">
      <StepHeading title={t('providerSignInFailedTitle')} />
      <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
        {t(shown.key, shown.values)}
      </Alert>
      {embedded ? (
        shown.key !== 'wikiFailedExpired' && <Text>{t('wikiReloadHint')}</Text>
      ) : (
        <Button component={Link} to={SIGN_IN_WITHOUT_REDIRECT} variant="default" fullWidth>
          {t('backToSignIn')}
        </Button>
      )}
    </Stack>
  );
}
