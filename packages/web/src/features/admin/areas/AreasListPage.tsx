import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Location } from '@perch/contract';
import { isOrgAdmin } from '@perch/contract/values';
import { IconMap2, IconPlus, IconSparkles } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignedInSession } from '../../../app/session/session-context';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { useAreas, useDeleteArea, useLoadSampleData } from '../api/area-queries';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { matchesQuery } from '../ui/sorting';
import { useConfirm } from '../../../shared/ui/use-confirm';
import { AreasTable } from './AreasTable';
import { SearchField } from '../../../shared/ui/SearchField';

function NoAreasYet() {
  const { t } = useTranslation();
  const { user } = useSignedInSession();
  const loadSample = useLoadSampleData();
  const errorMessage = useApiErrorMessage();
  const load = () =>
    loadSample.mutate(undefined, {
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: errorMessage(error),
          closeButtonProps: { 'aria-label': t('close') },
        }),
    });
  return (
    <EmptyState
      Icon={IconMap2}
      title={t('areasEmptyTitle')}
      body={t('areasEmptyBody')}
      action={
        <Group justify="center" gap="sm">
          <Button component={Link} to="/admin/areas/new" leftSection={<IconPlus size={18} aria-hidden />}>
            {t('newArea')}
          </Button>
          {isOrgAdmin(user.role) && (
            <Button
              variant="default"
              leftSection={<IconSparkles size={18} aria-hidden />}
              loading={loadSample.isPending}
              onClick={load}
            >
              {t('loadSampleData')}
            </Button>
          )}
        </Group>
      }
    />
  );
}

/** `/admin/areas`: every area of the organisation, searchable and sortable. */
export function AreasListPage() {
  const { t } = useTranslation();
  const areas = useAreas();
  const deleteArea = useDeleteArea();
  const confirmDelete = useConfirm();
  const errorMessage = useApiErrorMessage();
  const [query, setQuery] = useState('');
  const visible = useMemo(
    () => (areas.data ?? []).filter((a) => matchesQuery(query, a.name, a.description)),
    [areas.data, query],
  );

  const askDelete = (area: Location) =>
    confirmDelete({
      title: t('deleteAreaTitle', { name: area.name }),
      message: t('confirmDeleteArea'),
      onConfirm: () =>
        deleteArea.mutate(area.id, {
          onSuccess: () =>
            notifications.show({
              color: 'teal',
              message: t('areaDeleted', { name: area.name }),
              closeButtonProps: { 'aria-label': t('close') },
            }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: errorMessage(error),
              closeButtonProps: { 'aria-label': t('close') },
            }),
        }),
    });

  const hasAreas = (areas.data?.length ?? 0) > 0;
  return (
    <AdminPage
      title={t('navAdminAreas')}
      description={t('adminAreasDescription')}
      actions={
        hasAreas && (
          <Button component={Link} to="/admin/areas/new" leftSection={<IconPlus size={18} aria-hidden />}>
            {t('newArea')}
          </Button>
        )
      }
    >
      {areas.isPending && (
        <Stack gap="xs" aria-busy>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={44} radius="md" />
          ))}
        </Stack>
      )}
      {areas.isError && <QueryFailure error={areas.error} onRetry={() => void areas.refetch()} />}
      {areas.isSuccess && !hasAreas && <NoAreasYet />}
      {areas.isSuccess && hasAreas && (
        <Stack gap="md">
          <SearchField
            label={t('searchAreas')}
            placeholder={t('searchAreasPlaceholder')}
            value={query}
            onChange={setQuery}
            maw={360}
          />
          <AreasTable areas={visible} onDelete={askDelete} />
        </Stack>
      )}
    </AdminPage>
  );
}
