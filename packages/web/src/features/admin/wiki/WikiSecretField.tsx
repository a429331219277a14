import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { routes } from '@perch/contract/values';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconCircleCheck, IconTrash, IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import type { Message } from '../../../i18n';
import { useApiClient } from '../../../shared/api/use-api-client';
import { adminKeys } from '../api/query-keys';
import { generateSecret, SECRET_MIN_BYTES } from './wiki-settings';
import { CopyTextButton } from '../../../shared/ui/CopyButtons';
import { useConfirm } from '../../../shared/ui/use-confirm';

/** Removes the stored secret at once (after a confirmation): sign-ins from the wiki stop. */
function useRemoveSecret() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      client.call(routes.setting.set, { params: { name: 'confluence_server_shared_secret' }, body: { value: '' } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.settings }),
  });
}

interface WikiSecretFieldProps {
  /** Whether the organisation has a secret stored (it is never shown again). */
  secretSet: boolean;
  value: string;
  onChange: (value: string) => void;
  problem: Message | null;
}

/**
 * The shared secret the wiki signs its tokens with: write-only. Generate fills in a strong one and
 * shows it, so it can be copied into the wiki app before saving.
 */
export function WikiSecretField({ secretSet, value, onChange, problem }: WikiSecretFieldProps) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const errorMessage = useApiErrorMessage();
  const remove = useRemoveSecret();
  const [visible, setVisible] = useState(false);
  const [generated, setGenerated] = useState<string | null>(null);

  const confirmRemove = () =>
    confirm({
      title: t('wikiSecretRemoveTitle'),
      message: t('wikiSecretRemoveBody'),
      confirmLabel: t('wikiSecretRemove'),
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('wikiSecretRemoved') }),
          onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
        }),
    });

  return (
    <Stack gap="xs">
      <Group gap={6} wrap="nowrap" align="flex-start">
        {secretSet ? (
          <IconCircleCheck size={18} color="var(--mantine-color-teal-filled)" aria-hidden style={{ flexShrink: 0 }} />
        ) : (
          <IconAlertTriangle
            size={18}
            color="var(--mantine-color-orange-filled)"
            aria-hidden
            style={{ flexShrink: 0 }}
          />
        )}
        <Text fz="sm" fw={500}>
          {secretSet ? t('wikiSecretIsSet') : t('wikiSecretIsNotSet')}
        </Text>
      </Group>
      <PasswordInput
        label={secretSet ? t('wikiSecretNewLabel') : t('wikiSecretLabel')}
        description={secretSet ? t('wikiSecretHintSet') : t('wikiSecretHint', { count: SECRET_MIN_BYTES })}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={value}
        onChange={(e) => {
          onChange(e.currentTarget.value);
          setGenerated(null);
        }}
        error={problem ? t(problem.key, problem.values) : undefined}
        errorProps={{ role: 'alert' }}
        visible={visible}
        onVisibilityChange={setVisible}
        visibilityToggleButtonProps={{ 'aria-label': visible ? t('wikiSecretHide') : t('wikiSecretShow') }}
        autoComplete="new-password"
        spellCheck={false}
        maw={520}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', unicodeBidi: 'plaintext' } }}
      />
      <Group gap="xs">
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconWand size={16} aria-hidden />}
          onClick={() => {
            const secret = generateSecret();
            onChange(secret);
            setGenerated(secret);
            setVisible(true);
          }}
        >
          {t('wikiSecretGenerate')}
        </Button>
        {value && (
          <CopyTextButton
            value={value}
            timeout={2000}
            variant="light"
            size="compact-sm"
            label={t('wikiSecretCopy')}
            copiedLabel={t('wikiSecretCopied')}
          />
        )}
        {secretSet && (
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={remove.isPending}
            onClick={confirmRemove}
          >
            {t('wikiSecretRemove')}
          </Button>
        )}
      </Group>
      {generated !== null && generated === value && (
        <Alert
          role="status"
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          maw={520}
        >
          {t('wikiSecretGenerated')}
        </Alert>
      )}
    </Stack>
  );
}
