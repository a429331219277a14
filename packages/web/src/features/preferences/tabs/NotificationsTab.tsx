import { Select, Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { canAdminister } from '../../../app/session/session-data';
import type { PreferenceName } from '../preference-form';
import type { PreferenceTabProps } from './tab-props';

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
        data={[
          { value: '', label: t('mailLanguageOrg') },
          { value: 'en', label: 'English' },
          { value: 'de', label: 'Deutsch' },
        ]}
        value={values.mail_language}
        onChange={(v) => set('mail_language', v ?? '')}
        allowDeselect={false}
      />
    </Stack>
  );
}
