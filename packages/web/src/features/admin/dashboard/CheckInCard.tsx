import { Select, Text } from '@mantine/core';
import type { Location, StatsPeriod } from '@perch/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckInStats } from '../api/stats-queries';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { PageLoader } from '../../../shared/ui/Loaders';
import { EmptyNote } from '../../../shared/ui/EmptyState';
import { BarList } from './BarList';
import { ChartCard } from './ChartCard';
import { formatPercent } from './load-format';

const PERIODS: readonly StatsPeriod[] = ['thisWeek', 'lastWeek', 'lastMonth'];

/**
 * Check-in per area in a period: the share of bookings with a known outcome that were checked
 * in (the rest were released as no-shows), with the counts, and how many released spaces were
 * booked again.
 */
export function CheckInCard({ areas }: { areas: readonly Location[] }) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<StatsPeriod>('thisWeek');
  const stats = useCheckInStats(period);
  const nameOf = new Map(areas.map((a) => [a.id, a.name]));
  const rows = (stats.data ?? []).filter((r) => r.checkedIn + r.released > 0 && nameOf.has(r.locationId));
  const items = rows.map((r) => {
    const rate = (100 * r.checkedIn) / (r.checkedIn + r.released);
    return {
      key: r.locationId,
      label: nameOf.get(r.locationId)!,
      value: rate,
      valueText: formatPercent(rate, i18n.language),
    };
  });
  const total = rows.reduce(
    (sum, r) => ({
      checkedIn: sum.checkedIn + r.checkedIn,
      released: sum.released + r.released,
      rebooked: sum.rebooked + r.rebooked,
    }),
    { checkedIn: 0, released: 0, rebooked: 0 },
  );

  return (
    <ChartCard
      id="chart-check-in"
      title={t('chartCheckIn')}
      description={t('chartCheckInHint')}
      controls={
        <Select
          aria-label={t('statsPeriod')}
          data={PERIODS.map((p) => ({ value: p, label: t(`period_${p}`) }))}
          value={period}
          onChange={(value) => value && setPeriod(value as StatsPeriod)}
          allowDeselect={false}
          w={150}
          size="xs"
        />
      }
    >
      {stats.isError && <QueryFailure error={stats.error} onRetry={() => void stats.refetch()} />}
      {stats.isPending && <PageLoader h={160} />}
      {stats.isSuccess && items.length === 0 && <EmptyNote>{t('chartCheckInEmpty')}</EmptyNote>}
      {stats.isSuccess && items.length > 0 && (
        <>
          <BarList label={t('chartCheckIn')} items={items} top={100} />
          <Text fz="sm" c="dimmed">
            {t('chartCheckInTotals', {
              checkedIn: total.checkedIn,
              released: total.released,
              rebooked: total.rebooked,
            })}
          </Text>
        </>
      )}
    </ChartCard>
  );
}
