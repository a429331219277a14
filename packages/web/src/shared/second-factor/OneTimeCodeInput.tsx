import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const TOTP_CODE_LENGTH = 6;

interface OneTimeCodeInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Called once the sixth digit is in, so the form can submit without a click. */
  onComplete?: (code: string) => void;
  label?: string;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * The six digits of an authenticator app. One field rather than six boxes: password managers and
 * phones fill it from `autocomplete="one-time-code"`, pasting works, and a screen reader hears one
 * labelled input.
 */
export function OneTimeCodeInput({
  value,
  onChange,
  onComplete,
  label,
  error,
  disabled,
  autoFocus,
}: OneTimeCodeInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label ?? t('totpCodeLabel')}
      description={t('totpCodeHint')}
      value={value}
      onChange={(e) => {
        const digits = e.currentTarget.value.replace(/\D/g, '').slice(0, TOTP_CODE_LENGTH);
        onChange(digits);
        if (digits.length === TOTP_CODE_LENGTH && digits !== value) onComplete?.(digits);
      }}
      error={error}
      disabled={disabled}
      autoFocus={autoFocus}
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={TOTP_CODE_LENGTH}
      spellCheck={false}
      dir="ltr"
      required
      styles={{
        input: {
          fontFamily: 'var(--mantine-font-family-monospace)',
          fontSize: 22,
          letterSpacing: '0.4em',
          textAlign: 'center',
          height: 48,
        },
      }}
    />
  );
}
