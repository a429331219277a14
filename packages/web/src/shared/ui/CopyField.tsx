import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyIconButton } from './CopyButtons';

interface CopyFieldProps {
  label: string;
  value: string;
  description?: string;
}

/** A value to pass on (an address, an id): shown read-only, selected on focus, copied with one click. */
export function CopyField({ label, value, description }: CopyFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label}
      description={description}
      inputWrapperOrder={['label', 'input', 'description']}
      value={value}
      readOnly
      onFocus={(e) => e.currentTarget.select()}
      styles={{
        input: {
          fontFamily: 'var(--mantine-font-family-monospace)',
          fontSize: 'var(--mantine-font-size-sm)',
          // An address reads left to right in a right-to-left page too; the copy button keeps its side.
          unicodeBidi: 'plaintext',
        },
      }}
      rightSectionPointerEvents="all"
      rightSection={<CopyIconButton value={value} timeout={2000} label={t('copyNamed', { name: label })} />}
    />
  );
}
