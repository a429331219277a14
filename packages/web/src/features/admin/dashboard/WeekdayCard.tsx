import { Select } from '@mantine/core';
import type { Location } from '@perch/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { weekdayNames } from '../../../shared/time/format-time';
import { timePrefsFrom } from '../../../shared/time/time-prefs';
import { useWeekdayStats, type WeekdayPeriod } from '../api/stats-queries';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { weekdaysFrom } from './chart-scale';
import { ChartCard } from './ChartCard';
import { ColumnChart } from './ColumnChart';
import { PageLoader } from '../../../shared/ui/Loaders';

const PERIODS: readonly WeekdayPeriod[] = ['all', 'lastMonth', 'lastWeek', 'thisWeek', 'nextWeek'];

/** Bookings by the weekday they start on, for a period and optionally one area. */
export function WeekdayCard({ areas }: { areas: readonly Location[] }) {
  const { t, i18n } = useTranslation();
  const { preferences } = useSignedInSession();
  const [period, setPeriod] = useState<WeekdayPeriod>('all');
  const [areaId, setAreaId] = useState('');
  const counts = useWeekdayStats(period, areaId);
  const names = weekdayNames(i18n.language);
  const longNames = weekdayNames(i18n.language, 'long');
  const number = new Intl.NumberFormat(i18n.language);
  const data = counts.data
    ? weekdaysFrom(counts.data, timePrefsFrom(preferences).weekStartDay).map(({ weekday, value }) => ({
        label: names[weekday] ?? '',
        fullLabel: longNames[weekday] ?? '',
        value,
      }))
    : [];

  return (
    <ChartCard
      id="chart-weekdays"
      title={t('chartWeekdays')}
      description={t('chartWeekdaysHint')}
      controls={
        <>
          <Select
            aria-label={t('statsPeriod')}
            data={PERIODS.map((p) => ({ value: p, label: t(`period_${p}`) }))}
            value={period}
            onChange={(value) => value && setPeriod(value as WeekdayPeriod)}
            allowDeselect={false}
            w={150}
            size="xs"
          />
          <Select
            aria-label={t('statsArea')}
            data={[{ value: '', label: t('statsAllAreas') }, ...areas.map((a) => ({ value: a.id, label: a.name }))]}
            value={areaId}
            onChange={(value) => setAreaId(value ?? '')}
            // Organisations with many areas type a few letters of the name.
            searchable
            allowDeselect={false}
            w={150}
            size="xs"
          />
        </>
      }
    >
      {counts.isPending && <PageLoader h={240} />}
      {counts.isError && <QueryFailure error={counts.error} onRetry={() => void counts.refetch()} />}
      {counts.isSuccess && (
        <ColumnChart
          data={data}
          labelHeading={t('statsWeekday')}
          valueHeading={t('statBookings')}
          format={(v) => number.format(v)}
        />
      )}
    </ChartCard>
  );
}
