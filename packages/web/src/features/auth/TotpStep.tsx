import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { loginWithSecondFactor } from '@perch/client';
import type { Preflight } from '@perch/contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../i18n';
import { OneTimeCodeInput, TOTP_CODE_LENGTH } from '../../shared/second-factor/OneTimeCodeInput';
import { FormErrorAlert } from './FormErrorAlert';
import { secondFactorErrorMessage } from './second-factor-errors';
import { SignInIdentity } from './SignInIdentity';
import { StepHeading } from './StepHeading';
import { useSignIn } from './use-sign-in';

/** Recovery codes look like `7KQ2-M9XD-4TRA`; the server ignores dashes, spaces and case. */
const RECOVERY_CODE_MAX = 16;

interface TotpStepProps {
  email: string;
  organisation: Preflight;
  password: string;
  onBack: () => void;
}

/**
 * The second step for an account with an authenticator app: the current six-digit code (sent as
 * soon as it is complete), or one of the recovery codes instead.
 */
export function TotpStep({ email, organisation, password, onBack }: TotpStepProps) {
  const { t } = useTranslation();
  const signIn = useSignIn();
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
      const result = await signIn((client) =>
        loginWithSecondFactor(client, { email, password, organizationId: organisation.organization.id, code: value }),
      );
      // The code was not taken as a second factor (the account changed meanwhile): start over.
      if (result.status !== 'signedIn') setError({ key: 'errorLoginFailed' });
    } catch (e) {
      setError(secondFactorErrorMessage(e, mode));
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
        <SignInIdentity email={email} />
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
        <Group>
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<IconArrowLeft size={16} aria-hidden className="mirror-in-rtl" />}
            onClick={onBack}
          >
            {t('back')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
