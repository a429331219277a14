import { ActionIcon, CopyButton, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

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
      rightSection={
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('copied') : t('copyNamed', { name: label })} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={copied ? t('copied') : t('copyNamed', { name: label })}
              >
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}
