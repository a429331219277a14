import { Button } from '@mantine/core';
import { beginPasskeyLogin, finishPasskeyLogin } from '@perch/client';
import { IconFingerprint } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../i18n';
import { credentialBody, passkeysSupported, signWithPasskey } from '../../shared/second-factor/webauthn';
import { secondFactorErrorMessage } from './second-factor-errors';
import { useSignIn } from './use-sign-in';

interface PasskeySignInButtonProps {
  organizationId: string;
  /** Where the step shows what went wrong (null clears it). */
  onError: (message: Message | null) => void;
}

/**
 * "Sign in with a passkey": no password, no email needed. The browser offers the passkeys it
 * holds for this site, and the one chosen tells the server who signs in.
 */
export function PasskeySignInButton({ organizationId, onError }: PasskeySignInButtonProps) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const [busy, setBusy] = useState(false);
  if (!passkeysSupported()) return null;

  const start = async () => {
    setBusy(true);
    onError(null);
    try {
      await signIn(async (client) => {
        const { stateId, challenge } = await beginPasskeyLogin(client, organizationId);
        const credential = await signWithPasskey(challenge);
        return finishPasskeyLogin(client, { stateId, credential: credentialBody(credential) });
      });
    } catch (e) {
      onError(secondFactorErrorMessage(e, 'passkey'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      type="button"
      variant="default"
      fullWidth
      loading={busy}
      leftSection={<IconFingerprint size={18} aria-hidden />}
      onClick={() => void start()}
    >
      {t('signInWithPasskey')}
    </Button>
  );
}
