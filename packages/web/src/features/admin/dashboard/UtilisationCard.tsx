import type { Stats } from '@perch/contract';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import type { LoadPeriod } from '../api/stats-queries';
import { BarList } from './BarList';
import { ChartCard } from './ChartCard';
import { formatPercent, loadAxisTop, loadColor } from './load-format';

const PERIODS: readonly LoadPeriod[] = [
  'spaceLoadLastMonth',
  'spaceLoadLastWeek',
  'spaceLoadYesterday',
  'spaceLoadToday',
  'spaceLoadThisWeek',
  'spaceLoadNextWeek',
];

/** The whole organisation's utilisation over several periods. */
export function UtilisationCard({ stats }: { stats: Stats }) {
  const { t, i18n } = useTranslation();
  const { settings } = useSignedInSession();
  const items = PERIODS.map((period) => ({
    key: period,
    label: t(`load_${period}`),
    value: stats[period],
    valueText: formatPercent(stats[period], i18n.language),
    color: loadColor(stats[period]),
  }));
  // Only organisation admins can read the target; space admins get the explanation without the number.
  const target = settings.target_utilization_hours_per_week;
  return (
    <ChartCard
      id="chart-utilisation"
      title={t('chartUtilisation')}
      description={target ? t('chartUtilisationHintHours', { count: Number(target) }) : t('chartUtilisationHint')}
    >
      <BarList
        label={t('chartUtilisation')}
        items={items}
        top={loadAxisTop(items.map((i) => i.value))}
        marker={{ value: 100, label: t('loadTarget') }}
      />
    </ChartCard>
  );
}
