import { Select, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { useSaveSettings } from '../api/setting-queries';
import { useUnsavedChangesGuard } from '../ui/use-unsaved-changes-guard';
import { LogoUrlField } from './LogoUrlField';
import { SaveBar } from './SaveBar';
import { SecondFactorSetting } from './SecondFactorSetting';
import {
  ChoiceSetting,
  NumberSetting,
  SwitchedNumberSetting,
  SwitchSetting,
  TimeSetting,
  type SettingBinding,
} from './SettingInputs';
import type { SettingFieldName } from './settings-fields';
import { settingChanges, settingsProblems, type SettingsValues } from './settings-form';
import { Section } from '../../../shared/ui/Section';

interface SettingsFormProps {
  initial: SettingsValues;
  timezones: readonly string[];
}

/** Every organisation setting in sections, saved together in one request. */
export function SettingsForm({ initial: loaded, timezones }: SettingsFormProps) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const save = useSaveSettings();
  const [initial, setInitial] = useState(loaded);
  const [values, setValues] = useState(loaded);
  const [failure, setFailure] = useState<string | null>(null);
  const zoneSet = useMemo(() => new Set(timezones), [timezones]);
  const isTimezone = (zone: string) => zoneSet.has(zone);
  const problems = settingsProblems(values, isTimezone);
  const changes = settingChanges(values, initial, isTimezone);
  const invalid = Object.keys(problems).length > 0;
  useUnsavedChangesGuard(changes.length > 0);

  const form: SettingBinding = {
    values,
    problems,
    set: (name: SettingFieldName, value: string) => setValues((v) => ({ ...v, [name]: value })),
  };
  const zoneOptions = useMemo(() => timezones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') })), [timezones]);

  const submit = () => {
    setFailure(null);
    if (invalid || changes.length === 0) return;
    save.mutate(changes, {
      onSuccess: () => {
        const saved = { ...values };
        for (const { name, value } of changes) saved[name as SettingFieldName] = value;
        setInitial(saved);
        setValues(saved);
        notifications.show({ color: 'teal', message: t('settingsSaved') });
      },
      onError: (error) => setFailure(errorMessage(error)),
    });
  };

  const timezoneProblem = problems.default_timezone;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="lg">
        <Section
          gap="lg"
          labelled="settings-limits"
          title={t('settingsLimitsSection')}
          intro={t('settingsLimitsIntro')}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
            <NumberSetting
              form={form}
              name="max_bookings_per_user"
              label="settingMaxBookings"
              hint="settingMaxBookingsHint"
            />
            <NumberSetting
              form={form}
              name="max_concurrent_bookings_per_user"
              label="settingMaxConcurrent"
              hint="settingZeroMeansNoLimit"
            />
            <NumberSetting
              form={form}
              name="max_days_in_advance"
              label="settingMaxDaysInAdvance"
              hint="settingMaxDaysInAdvanceHint"
            />
            <NumberSetting
              form={form}
              name="max_booking_duration_hours"
              label="settingMaxDuration"
              hint="settingMaxDurationHint"
            />
            <NumberSetting
              form={form}
              name="min_booking_duration_hours"
              label="settingMinDuration"
              hint="settingZeroMeansNoMinimum"
            />
          </SimpleGrid>
          <SwitchedNumberSetting
            form={form}
            toggle="enable_max_hours_before_delete"
            toggleLabel="settingCancelCutoffEnabled"
            toggleHint="settingCancelCutoffEnabledHint"
            name="max_hours_before_delete"
            label="settingCancelCutoffHours"
          />
          <SwitchSetting
            form={form}
            name="no_admin_restrictions"
            label="settingNoAdminRestrictions"
            hint="settingNoAdminRestrictionsHint"
          />
        </Section>

        <Section
          gap="lg"
          labelled="settings-booking"
          title={t('settingsBookingSection')}
          intro={t('settingsBookingIntro')}
        >
          <SwitchSetting
            form={form}
            name="daily_basis_booking"
            label="settingDailyBasis"
            hint="settingDailyBasisHint"
          />
          <SwitchSetting
            form={form}
            name="allow_recurring_bookings"
            label="settingRecurring"
            hint="settingRecurringHint"
          />
          <ChoiceSetting
            form={form}
            name="subject_default"
            label="settingSubject"
            hint="settingSubjectHint"
            choices={[
              { value: '1', label: 'subjectDefaultDisabled' },
              { value: '2', label: 'subjectDefaultOptional' },
              { value: '3', label: 'subjectDefaultRequired' },
            ]}
          />
          <SwitchedNumberSetting
            form={form}
            toggle="max_hours_partially_booked_enabled"
            toggleLabel="settingPartiallyBookedEnabled"
            toggleHint="settingPartiallyBookedEnabledHint"
            name="max_hours_partially_booked"
            label="settingPartiallyBookedHours"
          />
          <SwitchSetting
            form={form}
            name="allow_booking_nonexist_users"
            label="settingBookForNewPeople"
            hint="settingBookForNewPeopleHint"
          />
        </Section>

        <Section
          gap="lg"
          labelled="settings-checkin"
          title={t('settingsCheckInSection')}
          intro={t('settingsCheckInIntro')}
        >
          <ChoiceSetting
            form={form}
            name="checkin_mode"
            label="settingCheckInMode"
            hint="settingCheckInModeHint"
            choices={[
              { value: '0', label: 'checkInModeOff' },
              { value: '1', label: 'checkInModeClick' },
              { value: '2', label: 'checkInModeScan' },
            ]}
          />
          {values.checkin_mode !== '0' && (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
                <NumberSetting form={form} name="checkin_opens_minutes" label="settingCheckInOpens" />
                <NumberSetting form={form} name="checkin_grace_minutes" label="settingCheckInGrace" />
                <TimeSetting
                  form={form}
                  name="checkin_release_time"
                  label="settingCheckInReleaseTime"
                  hint="settingCheckInReleaseTimeHint"
                />
                <NumberSetting
                  form={form}
                  name="checkin_series_end_after"
                  label="settingCheckInSeriesEnd"
                  hint="settingCheckInSeriesEndHint"
                />
              </SimpleGrid>
              <SwitchSetting
                form={form}
                name="checkin_release"
                label="settingCheckInRelease"
                hint="settingCheckInReleaseHint"
              />
              <SwitchSetting form={form} name="checkin_exempt_long" label="settingCheckInExemptLong" />
            </>
          )}
        </Section>

        <Section
          gap="lg"
          labelled="settings-people"
          title={t('settingsPeopleSection')}
          intro={t('settingsPeopleIntro')}
        >
          <SwitchSetting form={form} name="show_names" label="settingShowNames" hint="settingShowNamesHint" />
          <SwitchSetting
            form={form}
            name="disable_buddies"
            label="settingDisableBuddies"
            hint={values.show_names === '1' ? 'settingDisableBuddiesHint' : 'settingDisableBuddiesNeedsNames'}
          />
          <SwitchSetting
            form={form}
            name="new_user_default_mail_notification"
            label="settingNewPeopleMail"
            hint="settingNewPeopleMailHint"
          />
        </Section>

        <SecondFactorSetting form={form} />

        <Section
          gap="lg"
          labelled="settings-appearance"
          title={t('settingsAppearanceSection')}
          intro={t('settingsAppearanceIntro')}
        >
          <LogoUrlField form={form} />
          <Select
            label={t('settingDefaultTimezone')}
            description={t('settingDefaultTimezoneHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data={zoneOptions}
            value={values.default_timezone || null}
            onChange={(zone) => zone && form.set('default_timezone', zone)}
            error={timezoneProblem ? t(timezoneProblem.key) : undefined}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('noResults')}
            maw={420}
          />
        </Section>

        <Section gap="lg" labelled="settings-data" title={t('settingsDataSection')} intro={t('settingsDataIntro')}>
          <SwitchSetting form={form} name="hide_stats" label="settingHideStats" hint="settingHideStatsHint" />
          <SwitchSetting form={form} name="hide_reports" label="settingHideReports" hint="settingHideReportsHint" />
          <NumberSetting
            form={form}
            name="target_utilization_hours_per_week"
            label="settingTargetHours"
            hint="settingTargetHoursHint"
          />
          <SwitchedNumberSetting
            form={form}
            toggle="booking_retention_enabled"
            toggleLabel="settingRetentionEnabled"
            toggleHint="settingRetentionEnabledHint"
            name="booking_retention_days"
            label="settingRetentionDays"
          />
        </Section>

        <SaveBar
          changeCount={changes.length}
          invalid={invalid}
          saving={save.isPending}
          failure={failure}
          onDiscard={() => {
            setValues(initial);
            setFailure(null);
          }}
        />
      </Stack>
    </form>
  );
}
