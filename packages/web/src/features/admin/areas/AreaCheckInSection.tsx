import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { SETTINGS } from '@perch/contract/values';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import type { MessageKey } from '../../../i18n';
import { Section } from '../../../shared/ui/Section';
import type { AreaFormValues } from './area-form';

const MODE_LABELS: Record<string, MessageKey> = {
  '0': 'checkInModeOff',
  '1': 'checkInModeClick',
  '2': 'checkInModeScan',
};

/**
 * The area's own check-in policy. Each field left at "Organisation's" takes the organisation's
 * value, which the field names, so an admin sees where the value comes from.
 */
export function AreaCheckInSection({ form }: { form: UseFormReturnType<AreaFormValues> }) {
  const { t } = useTranslation();
  const { settings } = useSignedInSession();
  const org = (name: keyof typeof SETTINGS) => settings[name] ?? SETTINGS[name].default ?? '';
  const inherited = (value: string) => t('checkInOrganisations', { value });
  const yesNo = (value: string) => t(value === '1' ? 'checkInYes' : 'checkInNo');
  const errorOf = (field: keyof AreaFormValues, values?: Record<string, number>) => {
    const key = form.errors[field];
    return typeof key === 'string' ? t(key as MessageKey, values) : undefined;
  };
  const orgTime = org('checkin_release_time');

  return (
    <Section title={t('settingsCheckInSection')} intro={t('areaCheckInIntro')}>
      <Select
        {...form.getInputProps('checkinMode')}
        label={t('settingCheckInMode')}
        allowDeselect={false}
        data={[
          { value: '', label: inherited(t(MODE_LABELS[org('checkin_mode')] ?? 'checkInModeOff')) },
          ...Object.entries(MODE_LABELS).map(([value, label]) => ({ value, label: t(label) })),
        ]}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <NumberInput
          {...form.getInputProps('checkinOpensMinutes')}
          error={errorOf('checkinOpensMinutes', { min: 0, max: 720 })}
          label={t('settingCheckInOpens')}
          placeholder={inherited(org('checkin_opens_minutes'))}
          allowDecimal={false}
          allowNegative={false}
        />
        <NumberInput
          {...form.getInputProps('checkinGraceMinutes')}
          error={errorOf('checkinGraceMinutes', { min: 1, max: 720 })}
          label={t('settingCheckInGrace')}
          placeholder={inherited(org('checkin_grace_minutes'))}
          allowDecimal={false}
          allowNegative={false}
        />
        <TimeInput
          {...form.getInputProps('checkinReleaseTime')}
          error={errorOf('checkinReleaseTime')}
          label={t('settingCheckInReleaseTime')}
          description={orgTime ? inherited(orgTime) : t('areaCheckInTimeHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Select
          {...form.getInputProps('checkinRelease')}
          label={t('settingCheckInRelease')}
          allowDeselect={false}
          data={[
            { value: '', label: inherited(yesNo(org('checkin_release'))) },
            { value: '1', label: t('checkInYes') },
            { value: '0', label: t('checkInNo') },
          ]}
        />
        <Select
          {...form.getInputProps('checkinExemptLong')}
          label={t('settingCheckInExemptLong')}
          allowDeselect={false}
          data={[
            { value: '', label: inherited(yesNo(org('checkin_exempt_long'))) },
            { value: '1', label: t('checkInYes') },
            { value: '0', label: t('checkInNo') },
          ]}
        />
      </SimpleGrid>
    </Section>
  );
}
