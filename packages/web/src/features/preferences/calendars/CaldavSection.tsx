import { Alert, Badge, Box, Button, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CaldavStatus } from '@perch/contract';
import {
  IconAlertCircle,
  IconCalendarEvent,
  IconCircleCheck,
  IconPlugConnectedX,
  IconRefresh,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { useCaldavStatus, useTestCaldav } from '../api/calendar-queries';
import { caldavDetail, isCaldavFailure } from './caldav-errors';
import { CaldavConnectForm } from './CaldavConnectForm';
import { DisconnectCaldavModal, type DisconnectOutcome } from './DisconnectCaldavModal';
import { useInstantFormat } from './use-instant-format';
import { QueryFailure } from '../../../shared/ui/QueryFailure';
import { Section } from '../../../shared/ui/Section';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';

/** Label and value rows; the values may be long addresses, so they wrap anywhere. */
function Facts({ rows, label }: { rows: { term: string; value: ReactNode }[]; label: string }) {
  return (
    <Box
      component="dl"
      m={0}
      aria-label={label}
      style={{ display: 'grid', gridTemplateColumns: 'minmax(7rem, max-content) minmax(0, 1fr)', gap: '6px 16px' }}
    >
      {rows.map((row) => (
        <Box key={row.term} style={{ display: 'contents' }}>
          <Text component="dt" fz="sm" c="dimmed">
            {row.term}
          </Text>
          <Text component="dd" fz="sm" m={0} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {row.value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

/** Where a connected calendar stands: server, user, calendar, last sync, what waits, the last error. */
function CaldavConnected({
  status,
  onChange,
  onDisconnected,
}: {
  status: CaldavStatus;
  onChange: () => void;
  onDisconnected: (outcome: DisconnectOutcome) => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const when = useInstantFormat();
  const test = useTestCaldav();
  const [disconnecting, setDisconnecting] = useState(false);

  const runTest = () =>
    test.mutate(undefined, {
      onSuccess: () =>
        notifications.show({
          closeButtonProps: { 'aria-label': t('close') },
          color: 'teal',
          message: t('caldavTestOk'),
        }),
      onError: (error) =>
        notifications.show({
          closeButtonProps: { 'aria-label': t('close') },
          color: 'red',
          title: isCaldavFailure(error) ? t('errorCaldav') : t('caldavTestFailed'),
          message: isCaldavFailure(error) ? (caldavDetail(error) ?? t('caldavTestFailed')) : errorMessage(error),
          autoClose: 10_000,
        }),
    });

  const ltr = (value: string) => (
    <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>
      {value}
    </span>
  );

  return (
    <Stack gap="md">
      <Facts
        label={t('caldavConnectionDetails')}
        rows={[
          { term: t('caldavServer'), value: ltr(status.url) },
          { term: t('caldavUsername'), value: ltr(status.username) },
          { term: t('caldavCalendar'), value: ltr(status.path) },
          {
            term: t('caldavLastSync'),
            value: status.lastSyncAt ? when(status.lastSyncAt) : t('caldavNeverSynced'),
          },
          {
            term: t('caldavWaitingLabel'),
            value:
              status.pending > 0 ? (
                <Group gap={6} component="span" wrap="nowrap">
                  <Loader size={12} aria-hidden />
                  <span>{t('caldavWaiting', { count: status.pending })}</span>
                </Group>
              ) : (
                t('caldavNothingWaiting')
              ),
          },
        ]}
      />
      {status.lastError !== '' && (
        <ErrorAlert compact title={t('errorCaldav')}>
          <Stack gap={4}>
            <Text fz="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {t('caldavServerSays', { detail: status.lastError })}
            </Text>
            {status.lastErrorAt && <Text fz="sm">{t('caldavLastErrorAt', { time: when(status.lastErrorAt) })}</Text>}
            <Text fz="sm" c="dimmed">
              {t('caldavRetryNote')}
            </Text>
          </Stack>
        </ErrorAlert>
      )}
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={runTest}
          loading={test.isPending}
        >
          {t('caldavTest')}
        </Button>
        <Button variant="default" leftSection={<IconCalendarEvent size={16} aria-hidden />} onClick={onChange}>
          {t('caldavChange')}
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconPlugConnectedX size={16} aria-hidden />}
          onClick={() => setDisconnecting(true)}
        >
          {t('caldavDisconnect')}
        </Button>
      </Group>
      <DisconnectCaldavModal
        opened={disconnecting}
        onClose={() => setDisconnecting(false)}
        onDisconnected={(outcome) => {
          setDisconnecting(false);
          onDisconnected(outcome);
        }}
      />
    </Stack>
  );
}

/** What happened to the calendar's events when it was disconnected. */
function DisconnectNotice({ outcome, onClose }: { outcome: DisconnectOutcome; onClose: () => void }) {
  const { t } = useTranslation();
  const partly = outcome.failed > 0;
  return (
    <Alert
      color={partly ? 'yellow' : 'teal'}
      variant="light"
      icon={partly ? <IconAlertCircle size={18} aria-hidden /> : <IconCircleCheck size={18} aria-hidden />}
      title={t('caldavDisconnected')}
      withCloseButton
      closeButtonLabel={t('close')}
      onClose={onClose}
      role="status"
    >
      <Stack gap={2}>
        {outcome.removeEvents ? (
          <>
            <Text fz="sm">{t('caldavEventsRemoved', { count: outcome.removed })}</Text>
            {partly && <Text fz="sm">{t('caldavEventsNotRemoved', { count: outcome.failed })}</Text>}
          </>
        ) : (
          <Text fz="sm">{t('caldavEventsKept')}</Text>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * The CalDAV calendar bookings are written to: connect one, or see how its sync goes, test it,
 * change it or disconnect it. Acts at once (not part of the page's Save).
 */
export function CaldavSection() {
  const { t } = useTranslation();
  const status = useCaldavStatus();
  const [changing, setChanging] = useState(false);
  const [outcome, setOutcome] = useState<DisconnectOutcome | null>(null);
  const connected = status.data?.connected === true;

  return (
    <Section
      compact
      labelled="caldav-heading"
      Icon={IconCalendarEvent}
      title={t('caldavTitle')}
      intro={t('caldavIntro')}
      aside={
        status.data && (
          <Badge
            variant="light"
            color={!connected ? 'gray' : status.data.lastError ? 'red' : 'teal'}
            style={{ textTransform: 'none' }}
          >
            {!connected
              ? t('caldavNotConnected')
              : status.data.lastError
                ? t('caldavSyncProblem')
                : t('caldavConnected')}
          </Badge>
        )
      }
    >
      {outcome && !connected && <DisconnectNotice outcome={outcome} onClose={() => setOutcome(null)} />}
      {status.isPending && <Skeleton height={120} radius="md" />}
      {status.isError && <QueryFailure compact error={status.error} onRetry={() => void status.refetch()} />}
      {status.data && connected && !changing && (
        <CaldavConnected
          status={status.data}
          onChange={() => setChanging(true)}
          onDisconnected={(result) => {
            setOutcome(result);
            setChanging(false);
          }}
        />
      )}
      {status.data && (!connected || changing) && (
        <CaldavConnectForm
          key={changing ? 'change' : 'connect'}
          stored={changing && connected ? status.data : null}
          onConnected={() => {
            setChanging(false);
            setOutcome(null);
          }}
          onCancel={changing ? () => setChanging(false) : undefined}
        />
      )}
    </Section>
  );
}
