import { Button, Group, NativeSelect, Skeleton, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconHistory, IconSearch } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSignedInSession } from '../../../app/session/session-context';
import { EmptyState } from '../../../app/ui/EmptyState';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { DateField } from '../../../shared/time/DateField';
import { timePrefsFrom } from '../../../shared/time/time-prefs';
import { userZone } from '../../../shared/time/wall-time';
import { SIGN_IN_LOG_PAGE_SIZE, useAuthAttemptExport, useAuthAttempts } from '../api/auth-attempt-queries';
import { ListPager } from '../ui/ListPager';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../ui/QueryFailure';
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
  // Dates apply once both make a range; until then the inputs keep what was typed.
  const [draft, setDraft] = useState({ from, to });
  const problem = rangeProblem(draft.from, draft.to);

  const apply = (next: LogFilters, nextPage = 0) =>
    setParams(filtersToParams(next, today, nextPage), { replace: true });

  useEffect(() => {
    if (debounced !== user)
      setParams(filtersToParams({ from, to, user: debounced, outcome }, today), { replace: true });
  }, [debounced, user, from, to, outcome, today, setParams]);

  // The address changed by other means (back, clear): the date inputs follow.
  useEffect(() => setDraft({ from, to }), [from, to]);

  const changeDate = (field: 'from' | 'to', value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (!rangeProblem(next.from, next.to)) apply({ ...filters, from: next.from, to: next.to });
  };

  const clearFilters = () => {
    setSearch('');
    setDraft(defaultFilters(today));
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
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          loading={exporter.isPending}
          disabled={!attempts.isSuccess || total === 0}
          onClick={() => void download()}
        >
          {t('signInLogDownload')}
        </Button>
      }
    >
      <Group align="flex-start" gap="sm" wrap="wrap" role="search" aria-label={t('signInLogFilters')}>
        <TextInput
          type="search"
          label={t('signInLogFilterEmail')}
          placeholder={t('signInLogFilterEmailPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
        />
        <NativeSelect
          label={t('signInLogFilterResult')}
          value={outcome}
          onChange={(e) => apply({ ...filters, outcome: e.currentTarget.value as Outcome })}
          data={OUTCOMES.map((o) => ({ value: o, label: t(OUTCOME_LABELS[o]) }))}
          w={{ base: '100%', xs: 200 }}
        />
        <DateField
          label={t('signInLogFrom')}
          value={draft.from}
          onChange={(value) => changeDate('from', value)}
          clearable
          w={{ base: '100%', xs: 170 }}
        />
        <DateField
          label={t('signInLogTo')}
          value={draft.to}
          onChange={(value) => changeDate('to', value)}
          clearable
          error={problem ? t(problem) : undefined}
          w={{ base: '100%', xs: 170 }}
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
