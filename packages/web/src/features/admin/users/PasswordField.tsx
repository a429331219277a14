import { Button, Group, PasswordInput } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePassword } from './generate-password';
import { CopyIconButton } from '../../../shared/ui/CopyButtons';

interface PasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  label: string;
}

/**
 * A password input with a generator; a generated password is shown so it can be passed on.
 * The complexity rule is its help text, and its error when broken: never both at once.
 */
export function PasswordField({ value, onChange, error, label }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <PasswordInput
        label={label}
        description={error === t('passwordRequirements') ? undefined : t('passwordRequirements')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        errorProps={{ role: 'alert' }}
        visible={visible}
        onVisibilityChange={setVisible}
        visibilityToggleButtonProps={{ 'aria-label': visible ? t('hidePassword') : t('showPassword') }}
        autoComplete="new-password"
        required
      />
      <Group gap="xs" mt="xs">
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconWand size={16} aria-hidden />}
          onClick={() => {
            onChange(generatePassword());
            setVisible(true);
          }}
        >
          {t('generatePassword')}
        </Button>
        {value && <CopyIconButton value={value} label={t('copyPassword')} copiedLabel={t('passwordCopied')} />}
      </Group>
    </div>
  );
}
