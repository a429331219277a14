import { TextInput, type StyleProp } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../i18n';
import { CODE_LENGTH } from './organization-form';

interface CodeFieldProps {
  form: UseFormReturnType<{ code: string }>;
  label: string;
  /** `one-time-code` where the browser may fill it in from a mail or message. */
  autoComplete: string;
  w?: StyleProp<string | number>;
}

/** A code of a few digits, typed with or without spaces (a mailed confirmation, a deletion). */
export function CodeField({ form, label, autoComplete, w }: CodeFieldProps) {
  const { t } = useTranslation();
  const error = form.errors.code;
  return (
    <TextInput
      {...form.getInputProps('code')}
      error={error ? t(error as MessageKey) : undefined}
      errorProps={{ role: 'alert' }}
      label={label}
      inputMode="numeric"
      autoComplete={autoComplete}
      maxLength={CODE_LENGTH + 4}
      required
      data-autofocus
      w={w}
    />
  );
}
