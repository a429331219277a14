import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n';

/** The address an account signs in with: first in its form, written left to right, offered by password managers. */
export function SignInEmailField({ form }: { form: UseFormReturnType<{ email: string }> }) {
  const { t } = useTranslation();
  const error = form.errors.email;
  return (
    <TextInput
      {...form.getInputProps('email')}
      error={error ? t(error as MessageKey) : undefined}
      label={t('emailAddress')}
      placeholder={t('emailPlaceholder')}
      type="email"
      autoComplete="username"
      inputMode="email"
      dir="ltr"
      required
      autoFocus
    />
  );
}
