import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { PasskeyRequired } from '@perch/contract';
import { IconFingerprint } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../i18n';
import { cancelPasskeyPrompt, credentialBody, signWithPasskey } from '../../shared/second-factor/webauthn';
import { FormErrorAlert } from './FormErrorAlert';
import { secondFactorErrorMessage } from './second-factor-errors';
import type { SecondFactorChannel } from './second-factor-step';
import { SignInIdentity } from './SignInIdentity';
import { StepHeading } from './StepHeading';
import { StepBackButton } from './StepBackButton';

interface PasskeyStepProps extends SecondFactorChannel {
  /** The account signing in, when the page knows it (after a password; not after a provider). */
  email?: string;
  /** The challenge the sign-in answered with. */
  challenge: PasskeyRequired;
  /** Only offered when the account also has an authenticator app (`allowTotpFallback`). */
  onUseTotp: () => void;
  /** Where "back" leads; without it there is no way back (inside the team wiki). */
  onBack?: () => void;
  backLabel?: string;
}

/**
 * The second step for an account with passkeys: the browser's passkey prompt opens by itself;
 * if it was closed or failed, a button asks again with a fresh challenge.
 */
export function PasskeyStep({
  email,
  challenge,
  send,
  errorMessage = secondFactorErrorMessage,
  onUseTotp,
  onBack,
  backLabel,
}: PasskeyStepProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<Message | null>(null);
  const [busy, setBusy] = useState(true);
  const startedFor = useRef<string | null>(null);

  const attempt = useCallback(
    async (current: PasskeyRequired | null) => {
      setBusy(true);
      setError(null);
      try {
        let request = current;
        if (!request) {
          // A challenge is good for one try: ask the server for a new one.
          const next = await send({});
          if (next.status === 'signedIn') return;
          if (next.status === 'totpRequired') {
            onUseTotp();
            return;
          }
          request = next.challenge;
        }
        const credential = await signWithPasskey(request.passkeyChallenge);
        await send({ passkeyStateId: request.stateId, passkeyCredential: credentialBody(credential) });
      } catch (e) {
        setError(errorMessage(e, 'passkey'));
      } finally {
        setBusy(false);
      }
    },
    [send, errorMessage, onUseTotp],
  );

  // The prompt opens on arrival, once per challenge (React may run effects twice in development).
  useEffect(() => {
    if (startedFor.current === challenge.stateId) return;
    startedFor.current = challenge.stateId;
    void attempt(challenge);
  }, [challenge, attempt]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void attempt(null);
  };

  return (
    <form name="passkey-2fa" onSubmit={submit} noValidate>
      <Stack gap="lg">
        <StepHeading title={t('passkeySignInTitle')} subtitle={t('passkeySignInIntro')} />
        {email && <SignInIdentity email={email} />}
        <FormErrorAlert message={error} />
        {busy && (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text fz="sm">{t('passkeyWaiting')}</Text>
          </Group>
        )}
        <Button type="submit" fullWidth leftSection={<IconFingerprint size={18} aria-hidden />} disabled={busy}>
          {t('passkeyTryAgain')}
        </Button>
        {challenge.allowTotpFallback && (
          <Anchor
            component="button"
            type="button"
            fz="sm"
            style={{ alignSelf: 'center' }}
            onClick={() => {
              cancelPasskeyPrompt();
              onUseTotp();
            }}
          >
            {t('useAuthenticatorCodeInstead')}
          </Anchor>
        )}
        {onBack && (
          <StepBackButton
            onClick={() => {
              cancelPasskeyPrompt();
              onBack();
            }}
            {...(backLabel ? { label: backLabel } : {})}
          />
        )}
      </Stack>
    </form>
  );
}
