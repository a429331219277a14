import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MailStatus, OutboxMail } from '@perch/contract';
import { MAIL_STATUSES } from '@perch/contract/values';
import { IconMail, IconMailPause } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSignedInSession } from '../../../app/session/session-context';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { timePrefsFrom } from '../../../shared/time/time-prefs';
import { userZone } from '../../../shared/time/wall-time';
import { MAIL_PAGE_SIZE, useMailOutbox, useRetryMail } from '../api/mail-outbox-queries';
import { formatInstant } from '../audit/sign-in-log';
import { ListPager } from '../ui/ListPager';
import { AdminPage } from '../ui/AdminPage';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { mailFilterFromParams, mailFilterToParams, STATUS_COLORS, STATUS_LABELS, type MailFilter } from './mail-outbox';
import { MailOutboxTable } from './MailOutboxTable';

const ALL = 'all';

/** The number of mails in each status, as small tiles. */
function StatusCounts({ counts }: { counts: Record<MailStatus, number> }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0} aria-label={t('mailCounts')}>
      {MAIL_STATUSES.map((status) => (
        <Paper key={status} withBorder radius="md" p="sm">
          <Text component="dt" fz="sm" c="dimmed">
            {t(STATUS_LABELS[status])}
          </Text>
          <Text component="dd" m={0} fz={24} fw={600} c={counts[status] > 0 ? STATUS_COLORS[status] : undefined}>
            {number.format(counts[status])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * `/admin/mail`: the organisation's outgoing mails (organisation admins), newest first, a page at
 * a time, filtered by status; waiting and failed mails can be tried again. Says plainly when the
 * server has no mail delivery, since then every mail waits.
 */
export function MailOutboxPage() {
  const { t, i18n } = useTranslation();
  const { preferences } = useSignedInSession();
  const errorMessage = useApiErrorMessage();
  const prefs = useMemo(() => timePrefsFrom(preferences), [preferences]);
  const zone = userZone(preferences.timezone);
  const [params, setParams] = useSearchParams();
  const filter = mailFilterFromParams(params);
  const { status, page } = filter;
  const outbox = useMailOutbox(status, page);
  const retry = useRetryMail();

  const apply = (next: MailFilter) => setParams(mailFilterToParams(next), { replace: true });

  const total = outbox.data?.total ?? 0;
  const rows = outbox.data?.items ?? [];
  const lastPage = Math.max(0, Math.ceil(total / MAIL_PAGE_SIZE) - 1);
  // A page beyond the end (an old address, mails purged): show the last one instead.
  useEffect(() => {
    if (outbox.isSuccess && !outbox.isPlaceholderData && page > lastPage)
      setParams(mailFilterToParams({ status, page: lastPage }), { replace: true });
  }, [outbox.isSuccess, outbox.isPlaceholderData, page, lastPage, status, setParams]);

  const formatTime = (iso: string) => formatInstant(iso, zone, prefs, i18n.language);

  const tryAgain = (mail: OutboxMail) =>
    retry.mutate(mail.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('mailRetried', { recipient: mail.recipient }) }),
      onError: (error) =>
        notifications.show({ color: 'red', title: t('mailRetryFailed'), message: errorMessage(error) }),
    });

  const counts = outbox.data?.counts;
  const statusOptions = [
    { value: ALL, label: t('mailStatusAll') },
    ...MAIL_STATUSES.map((s) => ({
      value: s,
      label: counts ? t('mailStatusOption', { status: t(STATUS_LABELS[s]), num: counts[s] }) : t(STATUS_LABELS[s]),
    })),
  ];
  const first = page * MAIL_PAGE_SIZE + 1;
  return (
    <AdminPage title={t('navAdminMail')} description={t('adminMailDescription')}>
      {outbox.data && !outbox.data.deliveryConfigured && (
        <Alert
          color="yellow"
          variant="light"
          role="alert"
          title={t('mailDeliveryOffTitle')}
          icon={<IconMailPause size={20} aria-hidden />}
        >
          {t('mailDeliveryOffBody', { count: outbox.data.counts.waiting })}
        </Alert>
      )}
      {counts && <StatusCounts counts={counts} />}
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label={t('mailFilterStatus')}
          value={status ?? ALL}
          onChange={(e) => {
            const value = e.currentTarget.value;
            apply({ status: value === ALL ? undefined : (value as MailStatus), page: 0 });
          }}
          data={statusOptions}
          w={{ base: '100%', xs: 240 }}
        />
        <Text fz="sm" c="dimmed">
          {t('mailTimesIn', { zone })}
        </Text>
      </Group>
      {outbox.isPending && <Skeleton h={240} radius="lg" />}
      {outbox.isError && <QueryFailure error={outbox.error} onRetry={() => void outbox.refetch()} />}
      {outbox.isSuccess && rows.length === 0 && page === 0 && (
        <EmptyState
          Icon={IconMail}
          title={t('mailEmptyTitle')}
          body={status ? t('mailEmptyFilteredBody') : t('mailEmptyBody')}
          action={
            status ? (
              <Button variant="light" onClick={() => apply({ status: undefined, page: 0 })}>
                {t('mailShowAll')}
              </Button>
            ) : undefined
          }
        />
      )}
      {outbox.isSuccess && rows.length > 0 && (
        <>
          <MailOutboxTable
            rows={rows}
            formatTime={formatTime}
            onRetry={tryAgain}
            retryingId={retry.isPending ? (retry.variables ?? null) : null}
          />
          <ListPager
            range={t('mailRange', { count: total, from: first, to: first + rows.length - 1 })}
            label={t('mailPages')}
            previousLabel={t('mailPrevious')}
            nextLabel={t('mailNext')}
            page={page}
            lastPage={lastPage}
            onPage={(p) => apply({ status, page: p })}
          />
        </>
      )}
    </AdminPage>
  );
}
