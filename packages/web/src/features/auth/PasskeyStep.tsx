import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { loginWithSecondFactor, type LoginResult } from '@perch/client';
import type { PasskeyRequired, Preflight } from '@perch/contract';
import { IconArrowLeft, IconFingerprint } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../i18n';
import { cancelPasskeyPrompt, credentialBody, signWithPasskey } from '../../shared/second-factor/webauthn';
import { FormErrorAlert } from './FormErrorAlert';
import { secondFactorErrorMessage } from './second-factor-errors';
import { SignInIdentity } from './SignInIdentity';
import { StepHeading } from './StepHeading';
import { useSignIn } from './use-sign-in';

interface PasskeyStepProps {
  email: string;
  organisation: Preflight;
  password: string;
  /** The challenge the password sign-in answered with. */
  challenge: PasskeyRequired;
  /** Only offered when the account also has an authenticator app (`allowTotpFallback`). */
  onUseTotp: () => void;
  onBack: () => void;
}

/**
 * The second step for an account with passkeys: the browser's passkey prompt opens by itself;
 * if it was closed or failed, a button asks again with a fresh challenge.
 */
export function PasskeyStep({ email, organisation, password, challenge, onUseTotp, onBack }: PasskeyStepProps) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const [error, setError] = useState<Message | null>(null);
  const [busy, setBusy] = useState(true);
  const startedFor = useRef<string | null>(null);
  const organizationId = organisation.organization.id;

  const attempt = useCallback(
    async (current: PasskeyRequired | null) => {
      setBusy(true);
      setError(null);
      try {
        let request = current;
        if (!request) {
          // A challenge is good for one try: ask the server for a new one.
          const next: LoginResult = await signIn((client) =>
            loginWithSecondFactor(client, { email, password, organizationId }),
          );
          if (next.status === 'signedIn') return;
          if (next.status === 'totpRequired') {
            onUseTotp();
            return;
          }
          request = next.challenge;
        }
        const credential = await signWithPasskey(request.passkeyChallenge);
        const passkeyStateId = request.stateId;
        await signIn((client) =>
          loginWithSecondFactor(client, {
            email,
            password,
            organizationId,
            passkeyStateId,
            passkeyCredential: credentialBody(credential),
          }),
        );
      } catch (e) {
        setError(secondFactorErrorMessage(e, 'passkey'));
      } finally {
        setBusy(false);
      }
    },
    [email, password, organizationId, signIn, onUseTotp],
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
        <SignInIdentity email={email} />
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
        <Group>
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<IconArrowLeft size={16} aria-hidden className="mirror-in-rtl" />}
            onClick={() => {
              cancelPasskeyPrompt();
              onBack();
            }}
          >
            {t('back')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
