import { Select, Stack, Switch, Text } from '@mantine/core';
import { DATE_FORMATS } from '@perch/contract/values';
import { IconWorld } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { useBookableAreas } from '../../../shared/api/area-queries';
import { areaZone } from '../../../shared/time/area-zone';
import { formatDate } from '../../../shared/time/format-time';
import { browserZone } from '../../../shared/time/wall-time';
import type { PreferenceTabProps } from './tab-props';
import { useTimezones } from '../../../shared/api/timezone-queries';

const SAMPLE_DATE = '2030-09-24';

/** Clock, date format, week start, and the user's own time zone (area times are also shown in it). */
export function DisplayTab({ values, set }: PreferenceTabProps) {
  const { t, i18n } = useTranslation();
  const { settings } = useSignedInSession();
  const areas = useBookableAreas();
  const zones = [...new Set((areas.data ?? []).map((a) => areaZone(a, settings.default_timezone)))];
  const timezones = useTimezones();
  const device = browserZone();
  const zoneOptions = useMemo(
    () => [
      { value: '', label: t('deviceTimeZone', { zone: device }) },
      ...(timezones.data ?? []).map((z) => ({ value: z, label: z })),
    ],
    [timezones.data, device, t],
  );
  return (
    <Stack gap="lg" maw={640}>
      <Switch
        label={t('use24HourClock')}
        checked={values.use_24_hour_time !== '0'}
        onChange={(e) => set('use_24_hour_time', e.currentTarget.checked ? '1' : '0')}
      />
      <Select
        label={t('dateFormat')}
        data={DATE_FORMATS.map((f) => ({
          value: f,
          label: formatDate(SAMPLE_DATE, { dateFormat: f }, i18n.language, false),
        }))}
        value={values.date_format}
        onChange={(v) => v && set('date_format', v)}
        allowDeselect={false}
      />
      <Select
        label={t('weekStartsOn')}
        data={[
          { value: '1', label: t('monday') },
          { value: '0', label: t('sunday') },
          { value: '6', label: t('saturday') },
        ]}
        value={values.week_start_day}
        onChange={(v) => v && set('week_start_day', v)}
        allowDeselect={false}
      />
      <Stack gap={4}>
        <Select
          label={t('yourTimeZone')}
          description={t('yourTimeZoneHint')}
          leftSection={<IconWorld size={16} aria-hidden />}
          data={zoneOptions}
          value={values.timezone}
          onChange={(v) => set('timezone', v ?? '')}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('noResults')}
          disabled={!timezones.isSuccess}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          maxDropdownHeight={280}
        />
        {zones.length > 0 && (
          <Text fz="sm" c="dimmed">
            {t('areaZones', { zones: zones.join(', ') })}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
