import { Group, Paper, Select, Skeleton, Stack, Switch, Text } from '@mantine/core';
import type { Location } from '@perch/contract';
import { PRESENCE_REPORT_MAX_DAYS, PRESENCE_REPORT_MAX_USERS } from '@perch/contract/values';
import { IconCalendarOff, IconEyeOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../../app/session/session-context';
import { EmptyState } from '../../../../shared/ui/EmptyState';
import { formatDate, weekdayNames } from '../../../../shared/time/format-time';
import { timePrefsFrom } from '../../../../shared/time/time-prefs';
import { datePart, nowInZone, userZone, weekdayOf } from '../../../../shared/time/wall-time';
import { isPresenceHidden, usePresenceReport } from '../../api/presence-queries';
import { QueryFailure } from '../../../../shared/ui/QueryFailure';
import { ChartCard } from '../ChartCard';
import { PresenceDayBars, type DayColumn } from './PresenceDayBars';
import { PresenceGrid } from './PresenceGrid';
import {
  headcountPerDay,
  lastAllowedDay,
  PRESET_DAYS,
  presenceCsv,
  presenceFileName,
  presenceQuery,
  presetOf,
  presetRange,
  RANGE_PRESETS,
  rangeProblem,
  shownRows,
  withFrom,
  type RangePreset,
} from './presence-model';
import { saveCsvFile } from '../../../../shared/csv/csv';
import { DateRangeField } from '../../../../shared/ui/DateRangeField';
import { DownloadButton } from '../../../../shared/ui/DownloadButton';

/**
 * The presence report on the statistics page: who is in on which day, for up to 31 days and
 * optionally one area. Headcount per day, a people × days grid and its CSV.
 */
export function PresenceView({ areas }: { areas: readonly Location[] }) {
  const { t, i18n } = useTranslation();
  const { preferences } = useSignedInSession();
  const prefs = useMemo(() => timePrefsFrom(preferences), [preferences]);
  const today = datePart(nowInZone(userZone(preferences.timezone)));
  const [range, setRange] = useState(() => presetRange('thisWeek', today, prefs.weekStartDay));
  const [areaId, setAreaId] = useState('');
  const [everyone, setEveryone] = useState(false);
  const problem = rangeProblem(range);
  const report = usePresenceReport(problem ? null : presenceQuery(range, areaId));
  const preset = presetOf(range, today, prefs.weekStartDay);
  const locale = i18n.language;

  const presetLabel = (p: RangePreset) => {
    const days = PRESET_DAYS[p];
    if (days) return t('presenceRangeLastDays', { count: days });
    if (p === 'thisWeek') return t('period_thisWeek');
    return p === 'lastWeek' ? t('period_lastWeek') : t('period_nextWeek');
  };

  const data = report.data;
  const days: DayColumn[] = useMemo(() => {
    // Short weekday names where they are short ("Wed", "lun."); the narrow ones where they are not ("יום ד׳" → "ד׳").
    const short = weekdayNames(locale);
    const names = short.some((n) => n.length > 4) ? weekdayNames(locale, 'narrow') : short;
    return (data?.dates ?? []).map((date) => {
      const weekday = weekdayOf(date);
      return {
        date,
        weekday: names[weekday] ?? '',
        dayOfMonth: String(Number(date.slice(8, 10))),
        fullDate: formatDate(date, prefs, locale),
        offDay: !prefs.workdays.includes(weekday),
      };
    });
  }, [data, prefs, locale]);
  const counts = useMemo(() => (data ? headcountPerDay(data) : []), [data]);
  const rows = useMemo(() => (data ? shownRows(data, everyone) : []), [data, everyone]);
  const anyone = counts.some((n) => n > 0);
  const busiest = counts.reduce((best, n, i) => (n > (counts[best] ?? 0) ? i : best), 0);
  const rangeLabel = days.length
    ? t('presenceRangeLabel', { from: days[0]!.fullDate, to: days[days.length - 1]!.fullDate })
    : '';

  const problemText =
    problem === 'tooLong'
      ? t('presenceRangeTooLong', { count: PRESENCE_REPORT_MAX_DAYS })
      : problem === 'order'
        ? t('errorExportOrder')
        : problem === 'missing'
          ? t('errorExportDates')
          : undefined;

  const controls = (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Text c="dimmed" fz="sm">
          {t('presenceIntro')}
        </Text>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Select
            label={t('statsPeriod')}
            data={[
              ...RANGE_PRESETS.map((p) => ({ value: p, label: presetLabel(p) })),
              { value: 'custom', label: t('presenceRangeCustom'), disabled: true },
            ]}
            value={preset ?? 'custom'}
            onChange={(value) => {
              if (value && value !== 'custom') setRange(presetRange(value as RangePreset, today, prefs.weekStartDay));
            }}
            allowDeselect={false}
            w={{ base: '100%', xs: 170 }}
          />
          <DateRangeField
            fromLabel={t('exportFrom')}
            toLabel={t('exportTo')}
            value={range}
            onChange={(end, day) => setRange((r) => (end === 'from' ? withFrom(r, day) : { ...r, to: day }))}
            toMin={range.from || undefined}
            toMax={range.from ? lastAllowedDay(range.from) : undefined}
            toDescription={t('presenceRangeLimit', { count: PRESENCE_REPORT_MAX_DAYS })}
            error={problemText}
            required
          />
          <Select
            label={t('statsArea')}
            data={[{ value: '', label: t('statsAllAreas') }, ...areas.map((a) => ({ value: a.id, label: a.name }))]}
            value={areaId}
            onChange={(value) => setAreaId(value ?? '')}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
        </Group>
      </Stack>
    </Paper>
  );

  if (report.isError && isPresenceHidden(report.error))
    return <EmptyState Icon={IconEyeOff} title={t('presenceHiddenTitle')} body={t('presenceHiddenBody')} />;

  return (
    <Stack gap="md">
      {controls}
      {report.isError && <QueryFailure error={report.error} onRetry={() => void report.refetch()} />}
      {!report.isError && report.isPending && !problem && (
        <Stack gap="md" aria-busy>
          <Skeleton h={180} radius="lg" />
          <Skeleton h={280} radius="lg" />
        </Stack>
      )}
      {!report.isError && data && !anyone && (
        <EmptyState Icon={IconCalendarOff} title={t('presenceEmptyTitle')} body={t('presenceEmptyBody')} />
      )}
      {!report.isError && data && anyone && (
        <>
          <ChartCard id="presence-daily" title={t('presenceDailyTitle')} description={t('presenceDailyHint')}>
            <PresenceDayBars days={days} counts={counts} />
            <Text fz="sm">
              {t('presenceBusiest', {
                day: days[busiest]?.fullDate ?? '',
                people: t('presencePeopleCount', { count: counts[busiest] ?? 0 }),
              })}
            </Text>
          </ChartCard>
          <ChartCard
            id="presence-grid"
            title={t('presenceGridTitle')}
            description={t('presenceGridHint')}
            controls={
              <DownloadButton
                variant="light"
                onClick={() => saveCsvFile(presenceCsv(data, rows), presenceFileName(data))}
                disabled={rows.length === 0}
              />
            }
          >
            <Group justify="space-between" gap="sm">
              <Switch
                label={t('presenceShowEveryone')}
                checked={everyone}
                onChange={(e) => setEveryone(e.currentTarget.checked)}
              />
              <Text fz="sm" c="dimmed" aria-live="polite">
                {t('presenceShownPeople', { count: rows.length })}
              </Text>
            </Group>
            <PresenceGrid
              report={data}
              days={days}
              rows={rows}
              caption={t('presenceGridCaption', { range: rangeLabel })}
              busy={report.isFetching}
            />
            {data.users.length >= PRESENCE_REPORT_MAX_USERS && (
              <Text fz="xs" c="dimmed">
                {t('presenceFirstPeople', { count: PRESENCE_REPORT_MAX_USERS })}
              </Text>
            )}
          </ChartCard>
        </>
      )}
    </Stack>
  );
}
