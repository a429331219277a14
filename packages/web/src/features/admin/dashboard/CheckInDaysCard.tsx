import { Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Location } from '@perch/contract';
import { routes, STATS_DAYS_MAX } from '@perch/contract/values';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { useApiClient } from '../../../shared/api/use-api-client';
import { saveCsvFile } from '../../../shared/csv/csv';
import { formatDate } from '../../../shared/time/format-time';
import { timePrefsFrom } from '../../../shared/time/time-prefs';
import { datePart, nowInZone, userZone } from '../../../shared/time/wall-time';
import { DateRangeField } from '../../../shared/ui/DateRangeField';
import { DownloadButton } from '../../../shared/ui/DownloadButton';
import { EmptyNote } from '../../../shared/ui/EmptyState';
import { PageLoader } from '../../../shared/ui/Loaders';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { useCheckInDays } from '../api/stats-queries';
import { ChartCard } from './ChartCard';
import {
  checkInDaysFileName,
  checkInDaysQuery,
  DAY_PRESETS,
  dayPresetOf,
  dayPresetRange,
  dayRangeProblem,
  figuresPerDay,
  lastDayFrom,
  totalsOf,
  withFirstDay,
  type DayPreset,
} from './check-in-days';
import { ColumnChart } from './ColumnChart';
import { formatPercent } from './load-format';

/**
 * Check-in per day: for chosen days (up to 92) and all areas or one, the check-in rate of each
 * day as columns, the counts of the days added up, and the same figures per day and area as CSV.
 */
export function CheckInDaysCard({ areas }: { areas: readonly Location[] }) {
  const { t, i18n } = useTranslation();
  const { preferences } = useSignedInSession();
  const client = useApiClient();
  const errorMessage = useApiErrorMessage();
  const prefs = useMemo(() => timePrefsFrom(preferences), [preferences]);
  const today = datePart(nowInZone(userZone(preferences.timezone)));
  const [range, setRange] = useState(() => dayPresetRange('last30', today, prefs.weekStartDay));
  const [areaId, setAreaId] = useState('');
  const [busy, setBusy] = useState(false);
  const problem = dayRangeProblem(range);
  const query = problem ? null : checkInDaysQuery(range, areaId);
  const figures = useCheckInDays(query);
  const preset = dayPresetOf(range, today, prefs.weekStartDay);
  const locale = i18n.language;

  const days = useMemo(
    () => (figures.data && !problem ? figuresPerDay(range, figures.data) : []),
    [figures.data, problem, range],
  );
  const totals = totalsOf(days);
  const anyOutcome = days.some((d) => d.rate !== null);
  const shortDate = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric', timeZone: 'UTC' });
  const data = days.map((d) => ({
    key: d.date,
    label: shortDate.format(new Date(`${d.date}T00:00:00Z`)),
    fullLabel: formatDate(d.date, prefs, locale),
    value: d.rate ?? 0,
    ...(d.rate === null ? { valueText: '–', valueDescription: t('chartCheckInDayNone') } : {}),
  }));

  const presetLabel = (p: DayPreset) => (p === 'last30' ? t('presenceRangeLastDays', { count: 30 }) : t(`period_${p}`));
  const problemText =
    problem === 'tooLong'
      ? t('presenceRangeTooLong', { count: STATS_DAYS_MAX })
      : problem === 'order'
        ? t('errorExportOrder')
        : problem === 'missing'
          ? t('errorExportDates')
          : undefined;

  const download = async () => {
    if (!query) return;
    setBusy(true);
    try {
      const res = await client.callResponse(routes.stats.checkInDaysCsv, { query });
      const text = typeof res.data === 'string' ? res.data : '';
      saveCsvFile(text, checkInDaysFileName(res.headers.get('content-disposition'), range));
    } catch (error) {
      notifications.show({ color: 'red', title: t('chartCheckInDaysExportFailed'), message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ChartCard id="chart-check-in-days" title={t('chartCheckInDays')} description={t('chartCheckInDaysHint')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void download();
        }}
        noValidate
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Select
            label={t('statsPeriod')}
            data={[
              ...DAY_PRESETS.map((p) => ({ value: p, label: presetLabel(p) })),
              { value: 'custom', label: t('presenceRangeCustom'), disabled: true },
            ]}
            value={preset ?? 'custom'}
            onChange={(value) => {
              if (value && value !== 'custom') setRange(dayPresetRange(value as DayPreset, today, prefs.weekStartDay));
            }}
            allowDeselect={false}
            w={{ base: '100%', xs: 170 }}
          />
          <DateRangeField
            fromLabel={t('exportFrom')}
            toLabel={t('exportTo')}
            value={range}
            onChange={(end, day) => setRange((r) => (end === 'from' ? withFirstDay(r, day) : { ...r, to: day }))}
            toMin={range.from || undefined}
            toMax={range.from ? lastDayFrom(range.from) : undefined}
            toDescription={t('presenceRangeLimit', { count: STATS_DAYS_MAX })}
            error={problemText}
            required
          />
          <Select
            label={t('statsArea')}
            data={[{ value: '', label: t('statsAllAreas') }, ...areas.map((a) => ({ value: a.id, label: a.name }))]}
            value={areaId}
            onChange={(value) => setAreaId(value ?? '')}
            // Organisations with many areas type a few letters of the name.
            searchable
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
          <DownloadButton
            type="submit"
            variant="filled"
            mt={{ base: 0, xs: 25 }}
            loading={busy}
            disabled={problem !== null}
          />
        </Group>
      </form>
      {figures.isError && <QueryFailure error={figures.error} onRetry={() => void figures.refetch()} />}
      {!problem && figures.isPending && <PageLoader h={240} />}
      {figures.isSuccess && !problem && !anyOutcome && <EmptyNote>{t('chartCheckInEmpty')}</EmptyNote>}
      {figures.isSuccess && !problem && anyOutcome && (
        <Stack gap="xs">
          <ColumnChart
            data={data}
            labelHeading={t('chartCheckInDay')}
            valueHeading={t('chartCheckInRate')}
            format={(v) => formatPercent(v, locale)}
            axisTop={100}
            scrollLabel={t('chartCheckInDays')}
          />
          <Text fz="sm" c="dimmed">
            {t('chartCheckInDaysTotals', {
              checkedIn: totals.checkedIn,
              noShows: totals.noShows,
              released: totals.released,
              rebooked: totals.rebooked,
            })}
          </Text>
        </Stack>
      )}
    </ChartCard>
  );
}
