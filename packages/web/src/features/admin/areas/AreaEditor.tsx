import { Alert, Badge, Button, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconMap2, IconQrcode, IconSettings, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useWidePage } from '../../../app/shell/page-width';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { NotFoundPage } from '../../../shared/system-pages/NotFoundPage';
import { useAreaMap } from '../../../shared/api/area-queries';
import { AreaSaveError, useArea, useAreaAttributeValues, useDeleteArea, useSaveArea } from '../api/area-queries';
import { useGroups } from '../api/group-queries';
import { isNotFound } from '../api/is-not-found';
import { useSpaceAttributes } from '../api/space-attribute-queries';
import { useSpaces } from '../api/space-queries';
import { FloorPlanEditor } from '../floor-plan/FloorPlanEditor';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { useConfirm } from '../../../shared/ui/use-confirm';
import { useUnsavedChangesGuard } from '../ui/use-unsaved-changes-guard';
import { areaSaveBody, attributeChanges } from './area-form';
import { AreaDetailsForm, type AreaDetailsSubmit, type AreaDetailsSubmitResult } from './AreaDetailsForm';
import { useFloorPlanRefusal } from './floor-plan-refusal';
import { PageLoader } from '../../../shared/ui/Loaders';
import { useTimezones } from '../../../shared/api/timezone-queries';

type AreaTab = 'plan' | 'details';

/** An area: its floor plan with the spaces, and its details. A new area starts with the details. */
export function AreaEditor({ areaId }: { areaId: string | undefined }) {
  useWidePage();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useApiErrorMessage();
  const confirmDelete = useConfirm();
  const [searchParams, setSearchParams] = useSearchParams();
  const isNew = !areaId;

  const area = useArea(areaId);
  const map = useAreaMap(area.data);
  const attributeValues = useAreaAttributeValues(areaId);
  const spaces = useSpaces(areaId);
  const attributes = useSpaceAttributes();
  const groups = useGroups();
  const timezones = useTimezones();
  const saveArea = useSaveArea();
  const deleteArea = useDeleteArea();

  const [detailsDirty, setDetailsDirty] = useState(false);
  const [planDirty, setPlanDirty] = useState(false);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [floorPlanProblem, setFloorPlanProblem] = useState<string | null>(null);
  const floorPlanRefusal = useFloorPlanRefusal();
  const closeButtonProps = useMemo(() => ({ 'aria-label': t('close') }), [t]);
  useUnsavedChangesGuard(detailsDirty || planDirty);

  // After creating, move on to the floor plan once the form no longer counts as unsaved.
  useEffect(() => {
    if (createdId && !detailsDirty) navigate(`/admin/areas/${createdId}?tab=plan`, { replace: true });
  }, [createdId, detailsDirty, navigate]);

  const tab: AreaTab = isNew ? 'details' : searchParams.get('tab') === 'details' ? 'details' : 'plan';
  const setTab = (next: string | null) =>
    setSearchParams((params) => {
      params.set('tab', next === 'details' ? 'details' : 'plan');
      return params;
    });

  const onSubmit = useCallback(
    async ({ values, floorPlan }: AreaDetailsSubmit): Promise<AreaDetailsSubmitResult> => {
      const name = values.name.trim();
      setFloorPlanProblem(null);
      try {
        const id = await saveArea.mutateAsync({
          id: areaId,
          body: areaSaveBody(values, area.data),
          attributes: attributeChanges(values.attributes, attributeValues.data ?? []),
          floorPlan,
        });
        notifications.show({ color: 'teal', message: t('areaSaved', { name }), closeButtonProps });
        if (!areaId) setCreatedId(id);
        return { saved: true };
      } catch (error) {
        if (!(error instanceof AreaSaveError)) {
          notifications.show({
            color: 'red',
            title: t('areaNotSaved'),
            message: errorMessage(error),
            closeButtonProps,
          });
          return { saved: false };
        }
        const refusal = error.step === 'floorPlan' ? floorPlanRefusal(error.failure) : null;
        const problem = refusal ?? errorMessage(error.failure);
        if (refusal) setFloorPlanProblem(refusal);
        if (error.rolledBack) {
          notifications.show({ color: 'red', title: t('areaNotCreated'), message: problem, closeButtonProps });
          return { saved: false, floorPlanRefused: Boolean(refusal) };
        }
        if (!areaId && error.areaId) {
          // The area could not be removed again: it stays, switched off, and the editor moves to it.
          notifications.show({
            color: 'yellow',
            title: t('areaCreatedIncomplete', { name }),
            message: problem,
            closeButtonProps,
          });
          setCreatedId(error.areaId);
          return { saved: true };
        }
        notifications.show({
          color: 'red',
          title: error.step === 'floorPlan' ? t('areaFloorPlanNotSaved') : t('areaNotSaved'),
          message: problem,
          closeButtonProps,
        });
        return { saved: false, floorPlanRefused: Boolean(refusal) };
      }
    },
    [saveArea, areaId, area.data, attributeValues.data, t, errorMessage, floorPlanRefusal, closeButtonProps],
  );

  const askDelete = () => {
    const current = area.data;
    if (!current) return;
    confirmDelete({
      title: t('deleteAreaTitle', { name: current.name }),
      message: t('confirmDeleteArea'),
      onConfirm: () =>
        deleteArea.mutate(current.id, {
          onSuccess: () => {
            setDetailsDirty(false);
            setPlanDirty(false);
            notifications.show({
              color: 'teal',
              message: t('areaDeleted', { name: current.name }),
              closeButtonProps,
            });
            navigate('/admin/areas', { replace: true });
          },
          onError: (error) => notifications.show({ color: 'red', message: errorMessage(error), closeButtonProps }),
        }),
    });
  };

  if (!isNew && area.isError && isNotFound(area.error)) return <NotFoundPage />;
  const title = isNew ? t('newArea') : (area.data?.name ?? t('loading'));
  const failed = [area, attributeValues, spaces, attributes, groups, timezones, map].find((q) => q.isError);
  // An area without a floor plan never loads one (the query stays disabled): nothing to wait for.
  const mapLoading = map.isLoading;
  const detailsReady =
    (isNew || (area.isSuccess && attributeValues.isSuccess && !mapLoading)) &&
    attributes.isSuccess &&
    groups.isSuccess &&
    timezones.isSuccess;
  const planReady = area.isSuccess && spaces.isSuccess && attributes.isSuccess && groups.isSuccess && !mapLoading;
  const mapData = map.data ?? null;

  return (
    <AdminPage
      title={title}
      trail={[{ label: t('navAdminAreas'), to: '/admin/areas' }]}
      titleAside={
        area.data && (
          <Badge variant="light" color={area.data.enabled ? 'teal' : 'gray'} style={{ flexShrink: 0 }}>
            {area.data.enabled ? t('enabled') : t('disabled')}
          </Badge>
        )
      }
      actions={
        area.data && (
          <>
            <Button
              component={Link}
              to={`/admin/areas/${area.data.id}/spaces`}
              variant="default"
              leftSection={<IconQrcode size={16} aria-hidden />}
            >
              {t('spacesAndQrCodes')}
            </Button>
            <Button variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={askDelete}>
              {t('deleteArea')}
            </Button>
          </>
        )
      }
    >
      {failed && <QueryFailure error={failed.error} onRetry={() => void failed.refetch()} />}
      <Tabs value={tab} onChange={setTab} keepMounted>
        <Tabs.List mb="md">
          <Tabs.Tab value="plan" disabled={isNew} leftSection={<IconMap2 size={16} aria-hidden />}>
            {t('tabFloorPlan')}
          </Tabs.Tab>
          <Tabs.Tab value="details" leftSection={<IconSettings size={16} aria-hidden />}>
            {t('tabDetails')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="plan">
          {!isNew && !planReady && !failed && <PageLoader />}
          {!isNew && planReady && area.data && spaces.data && (
            <FloorPlanEditor
              area={area.data}
              map={mapData}
              spaces={spaces.data}
              attributes={(attributes.data ?? []).filter((a) => a.spaceApplicable)}
              groups={groups.data ?? []}
              onDirtyChange={setPlanDirty}
              initialSpaceId={searchParams.get('space')}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="details">
          {isNew && (
            <Alert variant="light" icon={<IconInfoCircle size={20} aria-hidden />} mb="md">
              {t('saveAreaFirst')}
            </Alert>
          )}
          {!detailsReady && !failed && <PageLoader />}
          {detailsReady && (
            <AreaDetailsForm
              // Starts over from what the server stored after a save.
              key={`${area.dataUpdatedAt}-${attributeValues.dataUpdatedAt}-${map.dataUpdatedAt}`}
              area={area.data}
              map={mapData}
              attributeValues={attributeValues.data ?? []}
              attributes={(attributes.data ?? []).filter((a) => a.locationApplicable)}
              groups={groups.data ?? []}
              timezones={timezones.data ?? []}
              saving={saveArea.isPending}
              onSubmit={onSubmit}
              onDirtyChange={setDetailsDirty}
              floorPlanProblem={floorPlanProblem}
              onFloorPlanProblem={setFloorPlanProblem}
            />
          )}
        </Tabs.Panel>
      </Tabs>
    </AdminPage>
  );
}
