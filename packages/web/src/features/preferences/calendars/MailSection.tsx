import { Select, Switch } from '@mantine/core';
import { isSpaceAdmin } from '@perch/contract/values';
import { IconMail } from '@tabler/icons-react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { LANGUAGES } from '../../../i18n';
import type { PreferenceTabProps } from '../tabs/tab-props';
import { useCheckInUsed } from '../../../shared/api/check-in-queries';
import { Section } from '../../../shared/ui/Section';

/**
 * Which mails Perch sends the user and in which language. Part of the page's form: saved with
 * the other preferences. Mails about bookings to approve are for space admins and above only;
 * check-in reminders show where some area asks for check-ins.
 */
export function MailSection({ values, set }: PreferenceTabProps) {
  const { t } = useTranslation();
  const { user } = useSignedInSession();
  const checkInUsed = useCheckInUsed();
  const orgLanguage = LANGUAGES.find((l) => l.code === user.organization.language)?.name;
  const toggle = (
    name: 'mail_notifications' | 'mail_reminder' | 'mail_checkin_reminder' | 'approval_notifications',
  ) => ({
    // A missing check-in switch is on (its default); the others are off until turned on.
    checked: name === 'mail_checkin_reminder' ? values[name] !== '0' : values[name] === '1',
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(name, e.currentTarget.checked ? '1' : '0'),
  });
  return (
    <Section
      compact
      labelled="mail-settings-heading"
      Icon={IconMail}
      title={t('mailSectionTitle')}
      intro={t('mailSectionIntro')}
    >
      <Switch
        label={t('mailNotificationsLabel')}
        description={t('mailNotificationsHint')}
        {...toggle('mail_notifications')}
      />
      <Switch label={t('mailReminderLabel')} description={t('mailReminderHint')} {...toggle('mail_reminder')} />
      {checkInUsed && (
        <Switch
          label={t('mailCheckInReminderLabel')}
          description={t('mailCheckInReminderHint')}
          {...toggle('mail_checkin_reminder')}
        />
      )}
      {isSpaceAdmin(user.role) && (
        <Switch
          label={t('approvalNotificationsLabel')}
          description={t('approvalNotificationsHint')}
          {...toggle('approval_notifications')}
        />
      )}
      <Select
        label={t('mailLanguageLabel')}
        data={[
          {
            value: '',
            label: orgLanguage
              ? t('mailLanguageOrganisationNamed', { language: orgLanguage })
              : t('mailLanguageOrganisation'),
          },
          ...LANGUAGES.map((l) => ({ value: l.code, label: l.name })),
        ]}
        value={values.mail_language}
        onChange={(v) => set('mail_language', v ?? '')}
        allowDeselect={false}
        maw={420}
      />
    </Section>
  );
}
