import { useTranslation } from 'react-i18next';
import { ChoiceSetting, type SettingBinding } from './SettingInputs';
import { Section } from '../../../shared/ui/Section';

/**
 * Whether people who sign in with a password must have a second factor (`enforce_totp`): nobody,
 * everyone, or space admins and up. Accounts of a sign-in provider are exempt.
 */
export function SecondFactorSetting({ form }: { form: SettingBinding }) {
  const { t } = useTranslation();
  return (
    <Section gap="lg" labelled="settings-sign-in" title={t('settingsSignInSection')} intro={t('settingsSignInIntro')}>
      <ChoiceSetting
        form={form}
        name="enforce_totp"
        label="settingEnforceSecondFactor"
        hint="settingEnforceSecondFactorHint"
        choices={[
          { value: '0', label: 'enforceSecondFactorOff' },
          { value: '1', label: 'enforceSecondFactorEveryone' },
          { value: '2', label: 'enforceSecondFactorAdmins' },
        ]}
      />
    </Section>
  );
}
