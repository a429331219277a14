import { Select } from '@mantine/core';
import type { Location } from '@perch/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaLoads, type LoadPeriod } from '../api/stats-queries';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { BarList } from './BarList';
import { ChartCard } from './ChartCard';
import { formatPercent, loadAxisTop, loadColor } from './load-format';
import { PageLoader } from '../../../shared/ui/Loaders';
import { EmptyNote } from '../../../shared/ui/EmptyState';

const PERIODS: readonly LoadPeriod[] = [
  'spaceLoadToday',
  'spaceLoadThisWeek',
  'spaceLoadLastWeek',
  'spaceLoadNextWeek',
  'spaceLoadLastMonth',
];

/** How much of each area's capacity is booked in a period (target hours per week = 100 %). */
export function AreaLoadCard({ areas }: { areas: readonly Location[] }) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<LoadPeriod>('spaceLoadThisWeek');
  const loads = useAreaLoads(areas);
  const failed = loads.find((q) => q.isError);
  const ready = loads.every((q) => q.isSuccess);
  const items = areas.map((area, i) => {
    const value = loads[i]?.data?.[period] ?? 0;
    return {
      key: area.id,
      label: area.name,
      value,
      valueText: formatPercent(value, i18n.language),
      color: loadColor(value),
    };
  });

  return (
    <ChartCard
      id="chart-area-load"
      title={t('chartAreaLoad')}
      description={t('chartAreaLoadHint')}
      controls={
        <Select
          aria-label={t('statsPeriod')}
          data={PERIODS.map((p) => ({ value: p, label: t(`load_${p}`) }))}
          value={period}
          onChange={(value) => value && setPeriod(value as LoadPeriod)}
          allowDeselect={false}
          w={150}
          size="xs"
        />
      }
    >
      {failed && <QueryFailure error={failed.error} onRetry={() => void failed.refetch()} />}
      {!failed && !ready && <PageLoader h={160} />}
      {ready && areas.length === 0 && <EmptyNote>{t('noAreasForLoad')}</EmptyNote>}
      {ready && areas.length > 0 && (
        <BarList
          label={t('chartAreaLoad')}
          items={items}
          top={loadAxisTop(items.map((i) => i.value))}
          marker={{ value: 100, label: t('loadTarget') }}
        />
      )}
    </ChartCard>
  );
}
