import { PasswordInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { isComplexPassword } from '@perch/contract/values';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n';

export interface NewPasswordValues {
  newPassword: string;
  repeatPassword: string;
}

export type NewPasswordForm = UseFormReturnType<NewPasswordValues>;

/**
 * A new password typed twice, checked with the complexity rule (and, when replacing a known
 * password, that it differs from it: the current password may well meet the rule, so that
 * case has a message of its own).
 */
export function useNewPasswordForm(currentPassword?: string): NewPasswordForm {
  return useForm<NewPasswordValues>({
    initialValues: { newPassword: '', repeatPassword: '' },
    validate: {
      newPassword: (value): MessageKey | null => {
        if (!isComplexPassword(value)) return 'passwordRequirements';
        return value === currentPassword ? 'errorPasswordSameAsCurrent' : null;
      },
      repeatPassword: (value, values): MessageKey | null =>
        value === values.newPassword ? null : 'errorPasswordsDiffer',
    },
  });
}

interface NewPasswordFieldsProps {
  form: NewPasswordForm;
  /** The account's address, for password managers to store with the new password. */
  email: string;
}

/**
 * The two password inputs of a new password, with the rule under the first: as help while
 * typing, and in its place as the error when the password breaks it (the rule shows once).
 */
export function NewPasswordFields({ form, email }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const fieldError = (field: keyof NewPasswordValues) => {
    const key = form.errors[field];
    return key ? t(key as MessageKey) : undefined;
  };
  const breaksRule = form.errors.newPassword === 'passwordRequirements';
  return (
    <>
      {/* Lets password managers store the address together with the new password. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordInput
        {...form.getInputProps('newPassword')}
        error={fieldError('newPassword')}
        label={t('newPassword')}
        description={breaksRule ? undefined : t('passwordRequirements')}
        autoComplete="new-password"
        required
        autoFocus
      />
      <PasswordInput
        {...form.getInputProps('repeatPassword')}
        error={fieldError('repeatPassword')}
        label={t('repeatNewPassword')}
        autoComplete="new-password"
        required
      />
    </>
  );
}
