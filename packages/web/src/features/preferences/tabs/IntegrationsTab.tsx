import { Alert, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { PREFERENCES } from '@perch/contract/values';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PreferenceTabProps } from './tab-props';

/** CalDAV account details, saved with the other preferences; connecting comes later. */
export function IntegrationsTab({ values, errors, set }: PreferenceTabProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={640}>
      <div>
        <Title order={2} fz="h4">
          {t('caldavTitle')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('caldavHint')}
        </Text>
      </div>
      <TextInput
        label={t('caldavUrl')}
        placeholder="https://calendar.example.com/dav/"
        type="url"
        value={values.caldav_url}
        onChange={(e) => set('caldav_url', e.currentTarget.value.trim())}
        error={errors.caldav_url && t(errors.caldav_url)}
        maxLength={PREFERENCES.caldav_url.maxLength}
      />
      <TextInput
        label={t('caldavUser')}
        autoComplete="off"
        value={values.caldav_user}
        onChange={(e) => set('caldav_user', e.currentTarget.value)}
        maxLength={PREFERENCES.caldav_user.maxLength}
      />
      <PasswordInput
        label={t('password')}
        autoComplete="new-password"
        value={values.caldav_pass}
        onChange={(e) => set('caldav_pass', e.currentTarget.value)}
        maxLength={PREFERENCES.caldav_pass.maxLength}
      />
      <TextInput
        label={t('caldavPath')}
        description={t('caldavPathHint')}
        value={values.caldav_path}
        onChange={(e) => set('caldav_path', e.currentTarget.value)}
        maxLength={PREFERENCES.caldav_path.maxLength}
      />
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
        {t('caldavLater')}
      </Alert>
    </Stack>
  );
}
