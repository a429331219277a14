import { Select, Stack, Switch } from '@mantine/core';
import { MAIL_LANGUAGES } from '@perch/contract/values';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { canAdminister } from '../../../app/session/session-data';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../i18n';
import type { PreferenceName } from '../preference-form';
import type { PreferenceTabProps } from './tab-props';

/** The mail languages by their own names, the app's default language first. */
const MAIL_LANGUAGE_OPTIONS = LANGUAGES.filter((l) => (MAIL_LANGUAGES as readonly string[]).includes(l.code))
  .sort((a, b) => Number(b.code === DEFAULT_LANGUAGE) - Number(a.code === DEFAULT_LANGUAGE))
  .map((l) => ({ value: l.code, label: l.name }));

export function NotificationsTab({ values, set }: PreferenceTabProps) {
  const { t } = useTranslation();
  const { user } = useSignedInSession();
  const toggle = (name: PreferenceName, label: string, description: string) => (
    <Switch
      label={label}
      description={description}
      checked={values[name] === '1'}
      onChange={(e) => set(name, e.currentTarget.checked ? '1' : '0')}
    />
  );
  return (
    <Stack gap="lg" maw={640}>
      {toggle('mail_notifications', t('mailNotifications'), t('mailNotificationsHint'))}
      {toggle('mail_reminder', t('mailReminder'), t('mailReminderHint'))}
      {canAdminister(user) &&
        toggle('approval_notifications', t('approvalNotifications'), t('approvalNotificationsHint'))}
      <Select
        label={t('mailLanguage')}
        data={[{ value: '', label: t('mailLanguageOrg') }, ...MAIL_LANGUAGE_OPTIONS]}
        value={values.mail_language}
        onChange={(v) => set('mail_language', v ?? '')}
        allowDeselect={false}
      />
    </Stack>
  );
}
