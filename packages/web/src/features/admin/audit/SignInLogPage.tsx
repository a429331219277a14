import { Button, Group, NativeSelect, Skeleton, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconHistory } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSignedInSession } from '../../../app/session/session-context';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { timePrefsFrom } from '../../../shared/time/time-prefs';
import { userZone } from '../../../shared/time/wall-time';
import { SIGN_IN_LOG_PAGE_SIZE, useAuthAttemptExport, useAuthAttempts } from '../api/auth-attempt-queries';
import { ListPager } from '../ui/ListPager';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import {
  attemptsCsv,
  csvFileName,
  defaultFilters,
  filtersFromParams,
  filtersToParams,
  formatInstant,
  isDefault,
  listQuery,
  OUTCOMES,
  rangeProblem,
  todayIn,
  type LogFilters,
  type Outcome,
} from './sign-in-log';
import { SignInLogTable } from './SignInLogTable';
import { saveCsvFile } from '../../../shared/csv/csv';
import { SearchField } from '../../../shared/ui/SearchField';
import { DateRangeField } from '../../../shared/ui/DateRangeField';
import { useRangeDraft } from '../../../shared/ui/use-range-draft';
import { DownloadButton } from '../../../shared/ui/DownloadButton';

const SEARCH_DELAY_MS = 300;

const OUTCOME_LABELS = {
  all: 'signInLogResultAll',
  success: 'signInLogResultSuccessful',
  failure: 'signInLogResultFailed',
} as const satisfies Record<Outcome, string>;

/**
 * `/admin/audit`: the organisation's sign-in attempts (organisation admins), newest first, a page
 * at a time, filtered by email, outcome and days in the admin's own time zone; the filtered
 * attempts of every page download as CSV. The address keeps the filters and the page.
 */
export function SignInLogPage() {
  const { t, i18n } = useTranslation();
  const { preferences } = useSignedInSession();
  const errorMessage = useApiErrorMessage();
  const prefs = useMemo(() => timePrefsFrom(preferences), [preferences]);
  const zone = userZone(preferences.timezone);
  const today = todayIn(zone);
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params, today);
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0);
  const { from, to, user, outcome } = filters;
  const query = useMemo(() => listQuery({ from, to, user, outcome }, zone), [from, to, user, outcome, zone]);
  const attempts = useAuthAttempts(query, page);
  const exporter = useAuthAttemptExport();

  const [search, setSearch] = useState(user);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const apply = (next: LogFilters, nextPage = 0) =>
    setParams(filtersToParams(next, today, nextPage), { replace: true });
  // Dates apply once both make a range; until then the inputs keep what was typed.
  const dates = useRangeDraft(filters, rangeProblem, (range) => apply({ ...filters, ...range }));

  useEffect(() => {
    if (debounced !== user)
      setParams(filtersToParams({ from, to, user: debounced, outcome }, today), { replace: true });
  }, [debounced, user, from, to, outcome, today, setParams]);

  const clearFilters = () => {
    setSearch('');
    dates.setDraft(defaultFilters(today));
    setParams({}, { replace: true });
  };

  const total = attempts.data?.total ?? 0;
  const rows = attempts.data?.items ?? [];
  const lastPage = Math.max(0, Math.ceil(total / SIGN_IN_LOG_PAGE_SIZE) - 1);
  // A page beyond the end (an old address, a purge): show the last one instead.
  useEffect(() => {
    if (attempts.isSuccess && !attempts.isPlaceholderData && page > lastPage)
      setParams(filtersToParams({ from, to, user, outcome }, today, lastPage), { replace: true });
  }, [attempts.isSuccess, attempts.isPlaceholderData, page, lastPage, from, to, user, outcome, today, setParams]);

  const formatTime = (iso: string) => formatInstant(iso, zone, prefs, i18n.language);

  const download = async () => {
    try {
      const result = await exporter.mutateAsync(query);
      saveCsvFile(attemptsCsv(result.items, t, formatTime), csvFileName(filters));
      if (result.total > result.items.length)
        notifications.show({
          color: 'yellow',
          message: t('signInLogDownloadTruncated', { count: result.total, max: result.items.length }),
        });
    } catch (error) {
      notifications.show({ color: 'red', title: t('signInLogDownloadFailed'), message: errorMessage(error) });
    }
  };

  const first = page * SIGN_IN_LOG_PAGE_SIZE + 1;
  return (
    <AdminPage
      title={t('navAdminSignInLog')}
      description={t('adminSignInLogDescription')}
      actions={
        <DownloadButton
          label={t('signInLogDownload')}
          loading={exporter.isPending}
          disabled={!attempts.isSuccess || total === 0}
          onClick={() => void download()}
        />
      }
    >
      <Group align="flex-start" gap="sm" wrap="wrap" role="search" aria-label={t('signInLogFilters')}>
        <SearchField
          label={t('signInLogFilterEmail')}
          placeholder={t('signInLogFilterEmailPlaceholder')}
          value={search}
          onChange={setSearch}
          w={{ base: '100%', sm: 260 }}
        />
        <NativeSelect
          label={t('signInLogFilterResult')}
          value={outcome}
          onChange={(e) => apply({ ...filters, outcome: e.currentTarget.value as Outcome })}
          data={OUTCOMES.map((o) => ({ value: o, label: t(OUTCOME_LABELS[o]) }))}
          w={{ base: '100%', xs: 200 }}
        />
        <DateRangeField
          fromLabel={t('signInLogFrom')}
          toLabel={t('signInLogTo')}
          value={dates.draft}
          onChange={dates.change}
          clearable
          error={dates.problem ? t(dates.problem) : undefined}
        />
      </Group>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fz="sm" c="dimmed">
          {t('signInLogTimesIn', { zone })}
        </Text>
        {!isDefault(filters, today) && (
          <Button variant="subtle" size="compact-sm" onClick={clearFilters}>
            {t('signInLogClearFilters')}
          </Button>
        )}
      </Group>
      {attempts.isPending && <Skeleton h={240} radius="lg" />}
      {attempts.isError && <QueryFailure error={attempts.error} onRetry={() => void attempts.refetch()} />}
      {attempts.isSuccess && rows.length === 0 && page === 0 && (
        <EmptyState
          Icon={IconHistory}
          title={t('signInLogEmptyTitle')}
          body={t('signInLogEmptyBody')}
          action={
            isDefault(filters, today) ? undefined : (
              <Button variant="light" onClick={clearFilters}>
                {t('signInLogClearFilters')}
              </Button>
            )
          }
        />
      )}
      {attempts.isSuccess && rows.length > 0 && (
        <>
          <SignInLogTable rows={rows} formatTime={formatTime} />
          <ListPager
            range={t('signInLogRange', { count: total, from: first, to: first + rows.length - 1 })}
            label={t('signInLogPages')}
            previousLabel={t('signInLogPrevious')}
            nextLabel={t('signInLogNext')}
            page={page}
            lastPage={lastPage}
            onPage={(p) => apply(filters, p)}
          />
        </>
      )}
    </AdminPage>
  );
}
