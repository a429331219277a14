import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyIconButton } from '../../../shared/ui/CopyButtons';

/** A read-only address to give to the provider, with a button that copies it. */
export function CopyField({ label, value, description }: { label: string; value: string; description?: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label}
      description={description}
      value={value}
      readOnly
      // The address and its copy button read left to right in every language (section and padding agree).
      styles={{ wrapper: { direction: 'ltr' } }}
      onFocus={(event) => event.currentTarget.select()}
      rightSection={<CopyIconButton value={value} label={t('authProviderCopy', { name: label })} />}
    />
  );
}
