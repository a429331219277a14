import '@mantine/dates/styles.css';
import { Alert, Skeleton, Stack } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../app/session/session-context';
import { buddiesEnabled } from '../../app/session/session-data';
import { useWidePage } from '../../app/shell/page-width';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageLayout } from '../../shared/ui/PageLayout';
import { useApiErrorMessage } from '../../app/use-api-error-message';
import { useBookableAreas } from '../../shared/api/area-queries';
import { useMyBookings } from '../../shared/api/booking-queries';
import { partialMaxHoursFrom, statusColors, type SpaceStatus } from '../../shared/space-status/space-status';
import { StatusLegend } from '../../shared/space-status/StatusLegend';
import { useAreaMap } from '../../shared/api/area-queries';
import { useAvailability } from './api/area-queries';
import { useBookingPrecheck } from './api/booking-queries';
import { useSpaceAttributes } from './api/space-attribute-queries';
import { FilterModal } from './controls/FilterModal';
import { SearchControls } from './controls/SearchControls';
import { SpacePanel } from './details/SpacePanel';
import { useReturnFocusToSpace } from './details/use-space-focus';
import { FreeNowCard } from './FreeNowCard';
import { HintBanner } from './HintBanner';
import { hasFloorPlan, SpacesView } from './map/SpacesView';
import { toApiWindow } from './time/booking-window';
import { searchHints } from './time/search-hints';
import { useDayjsLocale } from '../../shared/time/use-dayjs-locale';
import { useSearchState } from './use-search-state';
import { useSpaceEntries } from './use-space-entries';
import { useScanCheckIn, useWalkUp } from './use-scan-check-in';
import { usesCheckIn } from '../../shared/api/check-in-queries';
import { QueryFailure } from '../../shared/ui/QueryFailure';

/** Search and book a space: the screen people use every day. */
export function SearchPage() {
  useWidePage();
  const { t } = useTranslation();
  const { settings, preferences } = useSignedInSession();
  const errorMessage = useApiErrorMessage();
  const locale = useDayjsLocale();
  const areas = useBookableAreas();
  const state = useSearchState(areas.data);
  const attributes = useSpaceAttributes();
  const myBookings = useMyBookings();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { area, window, rules, prefs } = state;

  const hints = searchHints({
    areaId: area?.id ?? null,
    window,
    now: state.now,
    rules,
    upcomingCount: myBookings.data?.length ?? null,
  });
  const apiWindow = toApiWindow(window, rules.dailyBasis);
  const request = state.requestAreaId ? { areaId: state.requestAreaId, ...apiWindow } : null;
  const availability = useAvailability(request ? { ...request, filters: state.filters } : null);
  const walkUp = useWalkUp(state, availability, rules.dailyBasis);
  useScanCheckIn(state.spaceId, walkUp);
  const precheck = useBookingPrecheck(hints.length === 0 ? request : null);
  const map = useAreaMap(area);
  const entries = useSpaceEntries(availability.data, prefs, { enter: window.enter, dailyBasis: rules.dailyBasis });
  const colors = useMemo(() => statusColors(preferences), [preferences]);
  const checkInUsed = usesCheckIn(settings, areas.data ?? []);
  const statuses = useMemo(() => {
    const shown: SpaceStatus[] = ['available', 'booked', 'mine', 'disallowed'];
    if (buddiesEnabled(settings)) shown.push('buddy');
    if (partialMaxHoursFrom(settings) !== null) shown.push('partial');
    return shown;
  }, [settings]);

  const messages = hints.map((h) => t(h.key, h.values));
  if (precheck.data) messages.push(errorMessage(precheck.data));
  const selected = entries.find((e) => e.space.id === state.spaceId) ?? null;
  const returnFocusToSpace = useReturnFocusToSpace(entries);
  const closeSpace = () => {
    const id = state.spaceId;
    state.openSpace(null);
    if (id) returnFocusToSpace(id);
  };

  if (areas.isSuccess && areas.data.length === 0)
    return (
      <PageLayout title={t('navBookSpace')}>
        <EmptyState Icon={IconMapOff} title={t('noAreasTitle')} body={t('noAreasBody')} />
      </PageLayout>
    );

  return (
    <PageLayout title={t('navBookSpace')}>
      {areas.isError ? (
        <QueryFailure error={areas.error} onRetry={() => void areas.refetch()} />
      ) : areas.data ? (
        <SearchControls
          state={state}
          areas={areas.data}
          locale={locale}
          onOpenFilters={() => setFiltersOpen(true)}
          mapAvailable={!area || hasFloorPlan(area, map)}
        />
      ) : (
        <Skeleton height={120} radius="md" />
      )}
      <HintBanner messages={messages} />
      {state.freeNow && area && availability.data && !availability.isPlaceholderData && (
        <FreeNowCard
          areaName={area.name}
          entries={entries}
          window={window}
          prefs={prefs}
          colors={colors}
          onOpenSpace={state.openSpace}
        />
      )}
      <Stack gap="sm">
        {availability.isError && (
          <QueryFailure error={availability.error} onRetry={() => void availability.refetch()} />
        )}
        {areas.isSuccess && !area ? null : !availability.data || !area ? (
          <Skeleton height={420} radius="md" aria-label={t('loading')} />
        ) : (
          <SpacesView
            area={area}
            map={map}
            view={state.view}
            entries={entries}
            colors={colors}
            selectedId={state.spaceId}
            onOpen={state.openSpace}
          />
        )}
        {availability.data && entries.length === 0 && state.filters.length > 0 && (
          <Alert color="blue" variant="light">
            {t('noSpacesForFilters')}
          </Alert>
        )}
        <StatusLegend colors={colors} statuses={statuses} checkedIn={checkInUsed} />
      </Stack>
      <SpacePanel
        entry={selected}
        state={state}
        colors={colors}
        attributes={attributes.data ?? []}
        locale={locale}
        hints={messages}
        onClose={closeSpace}
        entries={entries}
        onOpenSpace={state.openSpace}
      />
      <FilterModal
        key={String(filtersOpen)}
        opened={filtersOpen}
        attributes={attributes.data ?? []}
        value={state.filters}
        onApply={state.setFilters}
        onClose={() => setFiltersOpen(false)}
      />
    </PageLayout>
  );
}
