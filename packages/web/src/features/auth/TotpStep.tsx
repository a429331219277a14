import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../i18n';
import { OneTimeCodeInput, TOTP_CODE_LENGTH } from '../../shared/second-factor/OneTimeCodeInput';
import { FormErrorAlert } from './FormErrorAlert';
import { secondFactorErrorMessage } from './second-factor-errors';
import type { SecondFactorChannel } from './second-factor-step';
import { SignInIdentity } from './SignInIdentity';
import { StepHeading } from './StepHeading';
import { StepBackButton } from './StepBackButton';

/** Recovery codes look like `7KQ2-M9XD-4TRA`; the server ignores dashes, spaces and case. */
const RECOVERY_CODE_MAX = 16;

interface TotpStepProps extends SecondFactorChannel {
  /** The account signing in, when the page knows it (after a password; not after a provider). */
  email?: string;
  /** Where "back" leads; without it there is no way back (inside the team wiki). */
  onBack?: () => void;
  backLabel?: string;
}

/**
 * The second step for an account with an authenticator app: the current six-digit code (sent as
 * soon as it is complete), or one of the recovery codes instead.
 */
export function TotpStep({
  email,
  send: sendAnswer,
  errorMessage = secondFactorErrorMessage,
  onBack,
  backLabel,
}: TotpStepProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'totp' | 'recovery'>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<Message | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const send = async (value: string) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    setFieldError(null);
    try {
      const result = await sendAnswer({ code: value });
      // The code was not taken as a second factor (the account changed meanwhile): start over.
      if (result.status !== 'signedIn') setError({ key: 'errorLoginFailed' });
    } catch (e) {
      setError(errorMessage(e, mode));
      setCode('');
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (mode === 'totp' && value.length !== TOTP_CODE_LENGTH) {
      setFieldError(t('totpCodeIncomplete'));
      return;
    }
    if (mode === 'recovery' && !value) {
      setFieldError(t('recoveryCodeRequired'));
      return;
    }
    void send(value);
  };

  const switchMode = (next: 'totp' | 'recovery') => {
    setMode(next);
    setCode('');
    setError(null);
    setFieldError(null);
  };

  return (
    <form name="totp-login" onSubmit={submit} noValidate>
      <Stack gap="lg">
        <StepHeading
          title={t('totpSignInTitle')}
          subtitle={mode === 'totp' ? t('totpSignInIntro') : t('recoveryCodeSignInIntro')}
        />
        {email && <SignInIdentity email={email} />}
        <FormErrorAlert message={error} />
        {mode === 'totp' ? (
          <OneTimeCodeInput
            value={code}
            onChange={(value) => {
              setCode(value);
              setFieldError(null);
            }}
            onComplete={(value) => void send(value)}
            error={fieldError ?? undefined}
            disabled={busy}
            autoFocus
          />
        ) : (
          <TextInput
            label={t('recoveryCodeLabel')}
            value={code}
            onChange={(e) => {
              setCode(e.currentTarget.value.slice(0, RECOVERY_CODE_MAX));
              setFieldError(null);
            }}
            error={fieldError}
            maxLength={RECOVERY_CODE_MAX}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            dir="ltr"
            required
            autoFocus
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        )}
        <Button type="submit" fullWidth loading={busy}>
          {t('verifyAndSignIn')}
        </Button>
        <Anchor
          component="button"
          type="button"
          fz="sm"
          style={{ alignSelf: 'center' }}
          onClick={() => switchMode(mode === 'totp' ? 'recovery' : 'totp')}
        >
          {mode === 'totp' ? t('useRecoveryCodeInstead') : t('useAuthenticatorCodeInstead')}
        </Anchor>
        {onBack && <StepBackButton onClick={onBack} {...(backLabel ? { label: backLabel } : {})} />}
      </Stack>
    </form>
  );
}
