import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { curlExample } from './service-account';
import { CopyTextButton } from '../../../shared/ui/CopyButtons';

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
              <CopyTextButton value={token} label={t('apiTokenCopy')} copiedLabel={t('apiTokenCopied')} />
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
              <CopyTextButton value={example} label={t('apiTokenCopyExample')} copiedLabel={t('apiTokenCopied')} />
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
