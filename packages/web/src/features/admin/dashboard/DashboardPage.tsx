import { ActionIcon, Button, Group, SimpleGrid, Skeleton, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { isOrgAdmin } from '@perch/contract/values';
import { IconChartBar, IconEyeOff, IconRefresh, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSignedInSession } from '../../../app/session/session-context';
import { isOn } from '../../../app/session/session-data';
import { useInstantFormat } from '../../../shared/time/use-instant-format';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { usesCheckIn } from '../../../shared/api/check-in-queries';
import { useAreas } from '../api/area-queries';
import { isStatsHidden, useStats } from '../api/stats-queries';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { AreaLoadCard } from './AreaLoadCard';
import { CheckInCard } from './CheckInCard';
import { CheckInDaysCard } from './CheckInDaysCard';
import { CsvExportCard } from './CsvExportCard';
import { PresenceView } from './presence/PresenceView';
import { StatCards } from './StatCards';
import { UtilisationCard } from './UtilisationCard';
import { WeekComparisonCard } from './WeekComparisonCard';
import { WeekdayCard } from './WeekdayCard';

function HiddenStats() {
  const { t } = useTranslation();
  const { user } = useSignedInSession();
  return (
    <EmptyState
      Icon={IconEyeOff}
      title={t('statsHiddenTitle')}
      body={isOrgAdmin(user.role) ? t('statsHiddenBodyAdmin') : t('statsHiddenBody')}
      action={
        isOrgAdmin(user.role) && (
          <Button component={Link} to="/admin/settings" variant="light">
            {t('openSettings')}
          </Button>
        )
      }
    />
  );
}

/** `/admin/dashboard`: counts, utilisation and booking patterns, and the CSV export. Space admins and up. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { settings } = useSignedInSession();
  const hidden = isOn(settings, 'hide_stats');
  // The presence report has a tab of its own unless the organisation hides reports.
  const reportsHidden = isOn(settings, 'hide_reports');
  const [searchParams, setSearchParams] = useSearchParams();
  const view = !reportsHidden && searchParams.get('view') === 'presence' ? 'presence' : 'overview';
  const stats = useStats();
  const areas = useAreas();
  // Check-in figures where some level of the policy asks for check-ins.
  const checkInUsed = usesCheckIn(settings, areas.data ?? []);
  const format = useInstantFormat();
  const updated = stats.dataUpdatedAt ? format.time(stats.dataUpdatedAt) : null;

  const refresh = (
    <Group gap={6} wrap="nowrap">
      {updated && (
        <Text fz="xs" c="dimmed">
          {t('statsUpdatedAt', { time: updated })}
        </Text>
      )}
      <Tooltip label={t('refreshStats')}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('refreshStats')}
          loading={stats.isFetching}
          onClick={() => void stats.refetch()}
        >
          <IconRefresh size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  const statsHidden = hidden || (stats.isError && isStatsHidden(stats.error));
  const empty = stats.isSuccess && stats.data.numBookings === 0;
  const overview = (
    <>
      {statsHidden && <HiddenStats />}
      {!statsHidden && stats.isError && <QueryFailure error={stats.error} onRetry={() => void stats.refetch()} />}
      {!statsHidden && stats.isPending && (
        <Stack gap="md">
          <Skeleton h={100} radius="lg" />
          <Skeleton h={280} radius="lg" />
        </Stack>
      )}
      {!statsHidden && stats.isSuccess && (
        <>
          <StatCards stats={stats.data} />
          {empty ? (
            <EmptyState
              Icon={IconChartBar}
              title={t('statsEmptyTitle')}
              body={t('statsEmptyBody')}
              action={
                stats.data.numLocations === 0 && (
                  <Button component={Link} to="/admin/areas" variant="light">
                    {t('setUpAreas')}
                  </Button>
                )
              }
            />
          ) : (
            <>
              <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" verticalSpacing="md">
                <WeekdayCard areas={areas.data ?? []} />
                <UtilisationCard stats={stats.data} />
                <AreaLoadCard areas={areas.data ?? []} />
                <WeekComparisonCard stats={stats.data} />
                {checkInUsed && <CheckInCard areas={areas.data ?? []} />}
              </SimpleGrid>
              {checkInUsed && <CheckInDaysCard areas={areas.data ?? []} />}
              <CsvExportCard />
            </>
          )}
          <Text fz="xs" c="dimmed">
            {t('statsFreshness')}
          </Text>
        </>
      )}
    </>
  );
  return (
    <AdminPage
      title={t('navAdminStatistics')}
      description={t('adminStatisticsDescription')}
      actions={view === 'overview' && !statsHidden && stats.isSuccess && refresh}
    >
      {reportsHidden ? (
        overview
      ) : (
        <Tabs
          value={view}
          onChange={(value) => setSearchParams(value === 'presence' ? { view: 'presence' } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List aria-label={t('statsViews')} mb="lg">
            <Tabs.Tab value="overview" leftSection={<IconChartBar size={16} aria-hidden />}>
              {t('statsTabOverview')}
            </Tabs.Tab>
            <Tabs.Tab value="presence" leftSection={<IconUsers size={16} aria-hidden />}>
              {t('statsTabPresence')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="overview">
            <Stack gap="lg">{overview}</Stack>
          </Tabs.Panel>
          <Tabs.Panel value="presence">
            <PresenceView areas={areas.data ?? []} />
          </Tabs.Panel>
        </Tabs>
      )}
    </AdminPage>
  );
}
