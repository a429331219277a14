import { Alert, Chip, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { IconInfoCircle } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { useBookableAreas } from '../../../shared/api/area-queries';
import { intSetting } from '../../../shared/settings/int-setting';
import { orderedWeekdays, weekdayNames } from '../../../shared/time/format-time';
import { EnterTime } from '../../../shared/time/time-prefs';
import { minutesOfDay } from '../../../shared/time/wall-time';
import { workdayList } from '../preference-form';
import type { PreferenceTabProps } from './tab-props';

/** Preferred area, notice, working hours and business days: what the search starts with. */
export function BookingTab({ values, errors, set }: PreferenceTabProps) {
  const { t, i18n } = useTranslation();
  const { settings } = useSignedInSession();
  const areas = useBookableAreas();
  const workdaysLabel = useId();
  const dailyBasis = settings.daily_basis_booking === '1';
  const maxHours = intSetting(settings, 'max_booking_duration_hours');
  const workingMinutes = minutesOfDay(values.workday_end) - minutesOfDay(values.workday_start);
  const names = weekdayNames(i18n.language, 'short');
  const longNames = weekdayNames(i18n.language, 'long');
  const use24 = values.use_24_hour_time !== '0';

  return (
    <Stack gap="lg" maw={640}>
      <Select
        label={t('preferredArea')}
        description={t('preferredAreaHint')}
        data={[
          { value: '', label: t('noPreferredArea') },
          ...(areas.data ?? []).map((a) => ({ value: a.id, label: a.name })),
        ]}
        value={values.location_id}
        onChange={(v) => set('location_id', v ?? '')}
        allowDeselect={false}
      />
      <Select
        label={t('notice')}
        description={t('noticeHint')}
        data={[
          { value: String(EnterTime.EarliestPossible), label: t('noticeEarliest') },
          { value: String(EnterTime.NextDay), label: t('noticeNextDay') },
          { value: String(EnterTime.NextBusinessDay), label: t('noticeNextBusinessDay') },
        ]}
        value={values.enter_time}
        onChange={(v) => v && set('enter_time', v)}
        allowDeselect={false}
      />
      {dailyBasis ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {t('workingHoursHintOnlyDaily')}
        </Alert>
      ) : (
        <div>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TimePicker
              label={t('workdayStart')}
              format={use24 ? '24h' : '12h'}
              value={`${values.workday_start}:00`}
              onChange={(v) => /^\d{2}:\d{2}/.test(v) && set('workday_start', v.slice(0, 5))}
              hoursInputLabel={t('hours')}
              minutesInputLabel={t('minutes')}
              amPmInputLabel={t('amPm')}
              error={errors.workday_start && t(errors.workday_start)}
            />
            <TimePicker
              label={t('workdayEnd')}
              format={use24 ? '24h' : '12h'}
              value={`${values.workday_end}:00`}
              onChange={(v) => /^\d{2}:\d{2}/.test(v) && set('workday_end', v.slice(0, 5))}
              hoursInputLabel={t('hours')}
              minutesInputLabel={t('minutes')}
              amPmInputLabel={t('amPm')}
              error={errors.workday_end && t(errors.workday_end)}
            />
          </SimpleGrid>
          {maxHours > 0 && workingMinutes > maxHours * 60 && (
            <Text fz="sm" c="dimmed" mt="xs">
              {t('workingHoursHintExceedsMaxDuration', { count: maxHours })}
            </Text>
          )}
        </div>
      )}
      <div role="group" aria-labelledby={workdaysLabel}>
        <Text id={workdaysLabel} fz="sm" fw={500}>
          {t('businessDays')}
        </Text>
        <Text fz="xs" c="dimmed" mb={6}>
          {t('businessDaysHint')}
        </Text>
        <Chip.Group
          multiple
          value={values.workdays === '' ? [] : values.workdays.split(',')}
          onChange={(days) => set('workdays', workdayList(days.map(Number)))}
        >
          <Group gap={6}>
            {orderedWeekdays(Number(values.week_start_day)).map((day) => (
              <Chip key={day} value={String(day)} aria-label={longNames[day]}>
                {names[day]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {errors.workdays && (
          <Text c="red" fz="sm" mt={4} role="alert">
            {t(errors.workdays)}
          </Text>
        )}
      </div>
    </Stack>
  );
}
