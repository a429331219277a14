import { Alert, Button, CopyButton, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { curlExample } from './service-account';

function CopyAction({ value, label, copiedLabel }: { value: string; label: string; copiedLabel: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button
          variant={copied ? 'light' : 'default'}
          color={copied ? 'teal' : undefined}
          size="xs"
          onClick={copy}
          leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
        >
          {copied ? copiedLabel : label}
        </Button>
      )}
    </CopyButton>
  );
}

const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' as const } };

/** A new API token, shown this once, with a copy button and a request to try it with. */
export function NewApiTokenModal({ token, onClose }: { token: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const example = token ? curlExample(window.location.origin, token) : '';
  return (
    <Modal
      opened={token !== null}
      onClose={onClose}
      title={t('apiTokenNewTitle')}
      size="lg"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {token && (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t('apiTokenShownOnce')}
          </Alert>
          <Stack gap="xs">
            <Textarea label={t('apiTokenTitle')} value={token} readOnly autosize dir="ltr" styles={monospace} />
            <Group>
              <CopyAction value={token} label={t('apiTokenCopy')} copiedLabel={t('apiTokenCopied')} />
            </Group>
          </Stack>
          <Stack gap="xs">
            <Text fz="sm">{t('apiTokenExample')}</Text>
            <Textarea
              label={t('apiTokenExampleLabel')}
              value={example}
              readOnly
              autosize
              dir="ltr"
              styles={monospace}
            />
            <Group>
              <CopyAction value={example} label={t('apiTokenCopyExample')} copiedLabel={t('apiTokenCopied')} />
            </Group>
          </Stack>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
