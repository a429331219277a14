import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettingsSection, type SettingBinding } from './SettingInputs';

/**
 * Whether people who sign in with a password must have a second factor (`enforce_totp`): nobody,
 * everyone, or space admins and up. Accounts of a sign-in provider are exempt.
 */
export function SecondFactorSetting({ form }: { form: SettingBinding }) {
  const { t } = useTranslation();
  return (
    <SettingsSection id="settings-sign-in" title={t('settingsSignInSection')} intro={t('settingsSignInIntro')}>
      <Stack gap={6}>
        <Text fz="sm" fw={500} id="enforce-totp-label">
          {t('settingEnforceSecondFactor')}
        </Text>
        <SegmentedControl
          role="radiogroup"
          aria-labelledby="enforce-totp-label"
          fullWidth
          maw={420}
          value={form.values.enforce_totp}
          onChange={(value) => form.set('enforce_totp', value)}
          data={[
            { value: '0', label: t('enforceSecondFactorOff') },
            { value: '1', label: t('enforceSecondFactorEveryone') },
            { value: '2', label: t('enforceSecondFactorAdmins') },
          ]}
        />
        <Text fz="xs" c="dimmed">
          {t('settingEnforceSecondFactorHint')}
        </Text>
      </Stack>
    </SettingsSection>
  );
}
