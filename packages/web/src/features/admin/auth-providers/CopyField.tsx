import { ActionIcon, CopyButton, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

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
      rightSection={
        <CopyButton value={value}>
          {({ copied, copy }) => {
            const name = copied ? t('authProviderCopied') : t('authProviderCopy', { name: label });
            return (
              <Tooltip label={name}>
                <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={name}>
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            );
          }}
        </CopyButton>
      }
    />
  );
}
