import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Stats } from '@perch/contract';
import { IconTrendingDown, IconTrendingUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BarList } from './BarList';
import { ChartCard } from './ChartCard';
import { percentChange, valueAxis } from './chart-scale';
import { formatPercent, loadAxisTop } from './load-format';

function Change({ current, previous }: { current: number; previous: number }) {
  const { t, i18n } = useTranslation();
  const change = percentChange(current, previous);
  if (change === null) return null;
  const up = change >= 0;
  return (
    <Badge
      variant="light"
      color={change === 0 ? 'gray' : up ? 'teal' : 'red'}
      leftSection={up ? <IconTrendingUp size={14} aria-hidden /> : <IconTrendingDown size={14} aria-hidden />}
      style={{ textTransform: 'none' }}
    >
      {t('changeFromLastWeek', {
        change: new Intl.NumberFormat(i18n.language, {
          style: 'percent',
          signDisplay: 'exceptZero',
          maximumFractionDigits: 0,
        }).format(change / 100),
      })}
    </Badge>
  );
}

/** This week against last week: bookings and utilisation. */
export function WeekComparisonCard({ stats }: { stats: Stats }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const bookingsTop = valueAxis(Math.max(stats.numBookingsThisWeek, stats.numBookingsLastWeek)).top;
  const loadTop = loadAxisTop([stats.spaceLoadThisWeek, stats.spaceLoadLastWeek]);
  return (
    <ChartCard id="chart-weeks" title={t('chartWeeks')} description={t('chartWeeksHint')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Text fw={600} fz="sm">
              {t('statBookings')}
            </Text>
            <Change current={stats.numBookingsThisWeek} previous={stats.numBookingsLastWeek} />
          </Group>
          <BarList
            label={t('statBookings')}
            top={bookingsTop}
            items={[
              {
                key: 'this',
                label: t('statsThisWeek'),
                value: stats.numBookingsThisWeek,
                valueText: number.format(stats.numBookingsThisWeek),
              },
              {
                key: 'last',
                label: t('statsLastWeek'),
                value: stats.numBookingsLastWeek,
                valueText: number.format(stats.numBookingsLastWeek),
                color: 'var(--mantine-color-gray-filled)',
              },
            ]}
          />
        </Stack>
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Text fw={600} fz="sm">
              {t('statsUtilisation')}
            </Text>
            <Change current={stats.spaceLoadThisWeek} previous={stats.spaceLoadLastWeek} />
          </Group>
          <BarList
            label={t('statsUtilisation')}
            top={loadTop}
            items={[
              {
                key: 'this',
                label: t('statsThisWeek'),
                value: stats.spaceLoadThisWeek,
                valueText: formatPercent(stats.spaceLoadThisWeek, i18n.language),
              },
              {
                key: 'last',
                label: t('statsLastWeek'),
                value: stats.spaceLoadLastWeek,
                valueText: formatPercent(stats.spaceLoadLastWeek, i18n.language),
                color: 'var(--mantine-color-gray-filled)',
              },
            ]}
          />
        </Stack>
      </SimpleGrid>
    </ChartCard>
  );
}
