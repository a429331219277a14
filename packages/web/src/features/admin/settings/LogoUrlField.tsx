import { Box, Center, Group, Image, Paper, Stack, Text, TextInput } from '@mantine/core';
import { isHttpsUrl, SETTINGS } from '@perch/contract/values';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { PerchWordmark } from '../../../app/shell/PerchMark';
import type { SettingBinding } from './SettingInputs';

/** The custom logo address with a preview of the header as it will look. */
export function LogoUrlField({ form }: { form: SettingBinding }) {
  const { t } = useTranslation();
  const { user } = useSignedInSession();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = form.values.custom_logo_url.trim();
  const problem = form.problems.custom_logo_url;
  const showImage = url !== '' && !problem && isHttpsUrl(url);
  return (
    <Stack gap="xs" maw={560}>
      <TextInput
        type="url"
        value={form.values.custom_logo_url}
        onChange={(e) => form.set('custom_logo_url', e.currentTarget.value)}
        label={t('settingCustomLogoUrl')}
        description={t('settingCustomLogoUrlHint')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        placeholder="https://"
        error={problem ? t(problem.key, problem.values) : undefined}
        errorProps={{ role: 'alert' }}
        maxLength={SETTINGS.custom_logo_url.maxLength}
      />
      <Paper withBorder radius="md" px="md" py="xs" aria-label={t('logoPreview')} role="group">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Box h={36} style={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
            {showImage && failedUrl !== url ? (
              <Image
                src={url}
                alt={user.organization.name}
                h={36}
                w="auto"
                maw={180}
                fit="contain"
                onError={() => setFailedUrl(url)}
              />
            ) : (
              <PerchWordmark />
            )}
          </Box>
          <Text fz="xs" c="dimmed" ta="end">
            {t('logoPreview')}
          </Text>
        </Group>
      </Paper>
      {showImage && failedUrl === url && (
        <Center>
          <Group gap={6} c="orange.8" wrap="nowrap">
            <IconPhotoOff size={16} aria-hidden />
            <Text fz="sm" role="status">
              {t('logoNotLoaded')}
            </Text>
          </Group>
        </Center>
      )}
    </Stack>
  );
}
