import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { verifyTicketWithSecondFactor, type LoginResult } from '@perch/client';
import type { PasskeyRequired } from '@perch/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useEmbedded } from '../../app/embedded/embedded-mode';
import { safeRedirectTarget } from '../../app/safe-redirect';
import { usePageTitle } from '../../shared/ui/use-page-title';
import type { Message } from '../../i18n';
import { PasskeyStep } from './PasskeyStep';
import type { SecondFactorKind } from './second-factor-errors';
import type { SecondFactorAnswer } from './second-factor-step';
import { StepHeading } from './StepHeading';
import { ticketErrorMessage, ticketStepErrorMessage } from './ticket-errors';
import { TotpStep } from './TotpStep';
import { useSignIn } from './use-sign-in';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';

/** The sign-in page without the automatic jump to the provider, so a failure cannot loop. */
export const SIGN_IN_WITHOUT_REDIRECT = '/login?noredirect=1';

/** Where redeeming the ticket stands: signing in, asking for the account's second factor, or failed. */
type TicketStep =
  | { kind: 'redeeming' }
  | { kind: 'totp' }
  | { kind: 'passkey'; challenge: PasskeyRequired }
  | { kind: 'failed'; message: Message };

function stepOf(result: LoginResult): TicketStep | null {
  if (result.status === 'totpRequired') return { kind: 'totp' };
  if (result.status === 'passkeyRequired') return { kind: 'passkey', challenge: result.challenge };
  return null;
}

/**
 * `/login/success/:id`: where the server sends the browser after a provider or the team wiki
 * signed the person in. Redeems the ticket for credentials, loads the session and goes on to
 * `redir`. An account with a second factor gives it first, as after a password (unless the
 * provider checks two factors itself): the same code or passkey step, sent with the ticket.
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
  const [step, setStep] = useState<TicketStep>({ kind: 'redeeming' });
  // One redemption per ticket, even when React runs the effect twice (StrictMode).
  const redemption = useRef<{ id: string; outcome: Promise<TicketStep | null> } | null>(null);

  useEffect(() => {
    let current = true;
    if (redemption.current?.id !== id)
      redemption.current = {
        id,
        outcome: signIn((client) => verifyTicketWithSecondFactor(client, id)).then(stepOf, (error: unknown) => ({
          kind: 'failed' as const,
          message: ticketErrorMessage(error, embedded),
        })),
      };
    void redemption.current.outcome.then((next) => {
      if (!current) return;
      if (next) setStep(next);
      else navigate(target, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [id, signIn, navigate, target, embedded]);

  // The ticket goes along with the factor; a request for a factor alone (empty) asks for a fresh challenge.
  const send = useCallback(
    async (answer: SecondFactorAnswer): Promise<LoginResult> => {
      const given = answer.code !== undefined || answer.passkeyStateId !== undefined;
      const result = await signIn((client) => verifyTicketWithSecondFactor(client, id, given ? answer : undefined));
      if (result.status === 'signedIn') navigate(target, { replace: true });
      return result;
    },
    [id, signIn, navigate, target],
  );
  const errorMessage = useCallback(
    (error: unknown, kind: SecondFactorKind) => ticketStepErrorMessage(error, kind, embedded),
    [embedded],
  );
  const switchToTotp = useCallback(() => setStep({ kind: 'totp' }), []);
  // Inside the team wiki the wiki page signs people in again; elsewhere, Perch's sign-in page.
  const back = embedded ? undefined : () => navigate(SIGN_IN_WITHOUT_REDIRECT);

  switch (step.kind) {
    case 'redeeming':
      return (
        <Center py="xl">
          <Stack align="center" gap="sm" role="status">
            <Loader aria-hidden />
            <Text>{t('providerSignInFinishing')}</Text>
          </Stack>
        </Center>
      );
    case 'totp':
      return <TotpStep send={send} errorMessage={errorMessage} onBack={back} backLabel={t('backToSignIn')} />;
    case 'passkey':
      return (
        <PasskeyStep
          challenge={step.challenge}
          send={send}
          errorMessage={errorMessage}
          onUseTotp={switchToTotp}
          onBack={back}
          backLabel={t('backToSignIn')}
        />
      );
    case 'failed':
      return (
        <Stack gap="lg">
          <StepHeading title={t('providerSignInFailedTitle')} />
          <ErrorAlert compact>{t(step.message.key, step.message.values)}</ErrorAlert>
          {embedded ? (
            step.message.key !== 'wikiFailedExpired' && <Text>{t('wikiReloadHint')}</Text>
          ) : (
            <Button component={Link} to={SIGN_IN_WITHOUT_REDIRECT} variant="default" fullWidth>
              {t('backToSignIn')}
            </Button>
          )}
        </Stack>
      );
  }
}
