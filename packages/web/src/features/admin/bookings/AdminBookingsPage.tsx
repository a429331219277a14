import { Badge, Button, Group, Paper, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Booking } from '@perch/contract';
import { routes } from '@perch/contract/values';
import { IconHourglassHigh, IconRepeat } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSignedInSession } from '../../../app/session/session-context';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { saveCsvFile } from '../../../shared/csv/csv';
import { attachmentName } from '../../../shared/download/download-file';
import { bookerName } from '../../../shared/people/booker-name';
import { useApiClient } from '../../../shared/api/use-api-client';
import { formatRange } from '../../../shared/time/format-time';
import { timePrefsFrom } from '../../../shared/time/time-prefs';
import { datePart, fromApiTime, nowInZone, userZone } from '../../../shared/time/wall-time';
import { useAreas } from '../api/area-queries';
import { filterQuery, useAdminCancelBooking, useOrganisationBookings } from '../api/booking-queries';
import { AdminPage } from '../ui/AdminPage';
import { ListPager } from '../ui/ListPager';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { pageOf, rangeProblem, readListState, writeListState, type ListState } from './admin-bookings';
import { CancelBookingModal, type CancelTarget } from './CancelBookingModal';
import { PersonFilter } from './PersonFilter';
import { DataTable } from '../../../shared/ui/DataTable';
import { RowActionsHeader } from '../../../shared/ui/RowActions';
import { DateRangeField } from '../../../shared/ui/DateRangeField';
import { useRangeDraft } from '../../../shared/ui/use-range-draft';
import { DownloadButton } from '../../../shared/ui/DownloadButton';

const rowSelector = (id: string) => `[data-admin-booking="${id.replace(/["\\]/g, '\\$&')}"]`;

/**
 * Administration › Bookings (space admins and up): the organisation's bookings in a window of
 * days, by area and person, fifty to a page; each can be cancelled with a reason that reaches
 * its owner by mail, and the filtered list downloads as the server's CSV export.
 */
export function AdminBookingsPage() {
  const { t, i18n } = useTranslation();
  const { settings, preferences } = useSignedInSession();
  const client = useApiClient();
  const errorMessage = useApiErrorMessage();
  const prefs = useMemo(() => timePrefsFrom(preferences), [preferences]);
  const dailyBasis = settings.daily_basis_booking === '1';
  const today = datePart(nowInZone(userZone(preferences.timezone)));
  const [params, setParams] = useSearchParams();
  const state = readListState(params, today);
  const { filter } = state;
  const areas = useAreas();
  const bookings = useOrganisationBookings(filter, rangeProblem(filter.from, filter.to) === null);
  const page = pageOf(bookings.data ?? [], state.page);
  const cancel = useAdminCancelBooking();
  const [target, setTarget] = useState<CancelTarget | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const [exporting, setExporting] = useState(false);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const update = (next: Partial<ListState['filter']>, pageIndex = 0) =>
    setParams(writeListState({ filter: { ...filter, ...next }, page: pageIndex }, today), { replace: true });
  // Dates being typed: the list follows once both make a valid window.
  const dates = useRangeDraft(filter, rangeProblem, update);
  const problem = dates.problem;

  const when = (b: Booking) =>
    formatRange(fromApiTime(b.enter), fromApiTime(b.leave), prefs, i18n.language, dailyBasis);

  const download = async () => {
    setExporting(true);
    try {
      const res = await client.callResponse(routes.booking.export, { query: filterQuery(filter) });
      const text = typeof res.data === 'string' ? res.data : '';
      saveCsvFile(
        text,
        attachmentName(res.headers.get('content-disposition'), `bookings-${filter.from}-${filter.to}.csv`),
      );
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('exportFailed'),
        message: errorMessage(error),
        closeButtonProps: { 'aria-label': t('close') },
      });
    } finally {
      setExporting(false);
    }
  };

  /** After a cancellation: the next row's button, else the previous one's, else the list heading. */
  const focusAfter = (id: string, order: readonly string[]) => {
    const at = order.indexOf(id);
    const candidates = [...order.slice(at + 1), ...order.slice(0, at).reverse()];
    let tries = 0;
    const attempt = () => {
      if (document.querySelector(rowSelector(id)) && tries++ < 60) {
        requestAnimationFrame(attempt);
        return;
      }
      for (const other of candidates) {
        const button = document.querySelector<HTMLElement>(rowSelector(other));
        if (button) {
          button.focus();
          return;
        }
      }
      listHeading.current?.focus();
    };
    requestAnimationFrame(attempt);
  };

  const confirmCancel = async (reason: string) => {
    if (!target) return;
    const order = page.rows.map((b) => b.id);
    await cancel.mutateAsync({ id: target.id, reason });
    notifications.show({
      color: 'teal',
      message: t('adminBookingsCancelled', { person: target.person }),
      closeButtonProps: { 'aria-label': t('close') },
    });
    setCancelled(true);
    setTarget(null);
    focusAfter(target.id, order);
  };

  const areaOptions = [
    { value: '', label: t('adminBookingsAllAreas') },
    ...(areas.data ?? []).map((a) => ({ value: a.id, label: a.name })),
  ];

  return (
    <AdminPage
      title={t('navAdminBookings')}
      description={t('adminBookingsDescription')}
      actions={<DownloadButton onClick={() => void download()} loading={exporting} disabled={problem !== null} />}
    >
      <Paper withBorder radius="lg" p="md">
        <Group align="flex-start" gap="sm" wrap="wrap" role="search" aria-label={t('adminBookingsFilters')}>
          <DateRangeField
            fromLabel={t('adminBookingsFrom')}
            toLabel={t('adminBookingsTo')}
            value={dates.draft}
            onChange={dates.change}
            clearable
            error={problem ? t(problem) : undefined}
          />
          <Select
            label={t('adminBookingsArea')}
            data={areaOptions}
            value={filter.area}
            onChange={(value) => update({ area: value ?? '' })}
            allowDeselect={false}
            w={{ base: '100%', sm: 220 }}
          />
          <PersonFilter email={filter.user} onChange={(user) => update({ user })} />
          <Select
            label={t('adminBookingsState')}
            data={[
              { value: '', label: t('adminBookingsAllStates') },
              { value: 'checked-in', label: t('checkedIn') },
              { value: 'released', label: t('checkInReleased') },
              { value: 'not-checked-in', label: t('adminBookingsNotCheckedIn') },
            ]}
            value={filter.state}
            onChange={(value) => update({ state: (value ?? '') as typeof filter.state })}
            allowDeselect={false}
            w={{ base: '100%', sm: 200 }}
          />
        </Group>
      </Paper>

      <Stack gap="sm">
        <Text component="h2" fz="lg" fw={650} m={0} ref={listHeading} tabIndex={-1} style={{ outlineOffset: 4 }}>
          {bookings.isSuccess
            ? page.total === 0
              ? t('adminBookingsNone')
              : t('adminBookingsCount', { count: page.total })
            : t('navAdminBookings')}
        </Text>
        {bookings.isPending && rangeProblem(filter.from, filter.to) === null && <Skeleton height={240} radius="lg" />}
        {bookings.isError && <QueryFailure error={bookings.error} onRetry={() => void bookings.refetch()} />}
        {page.rows.length > 0 && (
          <DataTable
            minWidth={300}
            aria-label={t('navAdminBookings')}
            head={
              <>
                <Table.Th>{t('adminBookingsWhen')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('adminBookingsPersonColumn')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('adminBookingsSpace')}</Table.Th>
                <Table.Th visibleFrom="md">{t('subject')}</Table.Th>
                <RowActionsHeader width={1} />
              </>
            }
          >
            {page.rows.map((b) => {
              const person = bookerName(b);
              const time = when(b);
              const place = (
                <>
                  <Text fz="sm" fw={500} span style={{ overflowWrap: 'anywhere' }}>
                    {b.space.name}
                  </Text>
                  <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {b.space.location.name}
                  </Text>
                </>
              );
              return (
                <Table.Tr key={b.id}>
                  <Table.Td>
                    <Text fz="sm">{time}</Text>
                    <Group gap={4} mt={4}>
                      {!b.approved && (
                        <Badge
                          color="yellow"
                          variant="light"
                          size="sm"
                          leftSection={<IconHourglassHigh size={12} aria-hidden />}
                        >
                          {t('pendingApproval')}
                        </Badge>
                      )}
                      {b.checkedInAt && (
                        <Badge color="teal" variant="light" size="sm">
                          {t('checkedIn')}
                        </Badge>
                      )}
                      {b.releasedAt && (
                        <Badge color="red" variant="light" size="sm">
                          {t('checkInReleased')}
                        </Badge>
                      )}
                      {b.recurringId && (
                        <Badge
                          color="blue"
                          variant="light"
                          size="sm"
                          leftSection={<IconRepeat size={12} aria-hidden />}
                        >
                          {t('recurring')}
                        </Badge>
                      )}
                    </Group>
                    {/* Phones have no room for the person and space columns: they go under the time. */}
                    <Stack gap={0} mt={4} hiddenFrom="sm">
                      <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {person}
                      </Text>
                      {place}
                    </Stack>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {person}
                    </Text>
                    {person !== b.userEmail && (
                      <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {b.userEmail}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{place}</Table.Td>
                  <Table.Td visibleFrom="md" style={{ overflowWrap: 'anywhere' }}>
                    {b.subject || '–'}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      variant="light"
                      color="red"
                      size="xs"
                      data-admin-booking={b.id}
                      aria-label={t('adminBookingsCancelOf', { person, space: b.space.name, when: time })}
                      onClick={() => {
                        setCancelled(false);
                        setTarget({
                          id: b.id,
                          person,
                          space: b.space.name,
                          area: b.space.location.name,
                          when: time,
                        });
                      }}
                    >
                      {t('adminBookingsCancel')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </DataTable>
        )}
        {page.total > 0 && (
          <ListPager
            range={t('adminBookingsRange', { first: page.first, last: page.last, count: page.total })}
            label={t('adminBookingsPages')}
            previousLabel={t('adminBookingsPrevious')}
            nextLabel={t('adminBookingsNext')}
            page={page.page}
            lastPage={page.lastPage}
            onPage={(p) => {
              update({}, p);
              listHeading.current?.focus();
            }}
          />
        )}
      </Stack>

      <CancelBookingModal
        target={target}
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setTarget(null)}
        returnFocus={!cancelled}
      />
    </AdminPage>
  );
}
