import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { CheckInLinkResult } from '@perch/contract';
import { ApiError } from '@perch/client';
import { ErrorCode, routes } from '@perch/contract/values';
import { IconAlertTriangle, IconCircleCheck, IconDoorExit } from '@tabler/icons-react';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../app/session/session-context';
import { useApiErrorMessage } from '../../app/use-api-error-message';
import { useApiMutation } from '../../shared/api/use-api-mutation';
import { formatRange } from '../../shared/time/format-time';
import { timePrefsFrom } from '../../shared/time/time-prefs';
import { fromApiTime } from '../../shared/time/wall-time';
import { usePageTitle } from '../../shared/ui/use-page-title';

type LinkAction = CheckInLinkResult['action'];
const isAction = (value: string | null): value is LinkAction => value === 'in' || value === 'release';

/** The button that leads to the person's bookings (signing in first when needed). */
function MyBookingsButton({ variant = 'filled' }: { variant?: 'filled' | 'default' }) {
  const { t } = useTranslation();
  return (
    <Button component={Link} to="/bookings" variant={variant} fullWidth>
      {t('checkInLinkOpenBookings')}
    </Button>
  );
}

/** What the link did: checked in, or the space given back. */
function Done({ result }: { result: CheckInLinkResult }) {
  const { t, i18n } = useTranslation();
  const { state } = useSession();
  const prefs = timePrefsFrom(state.status === 'signedIn' ? state.session.preferences : {});
  const when = formatRange(fromApiTime(result.enter), fromApiTime(result.leave), prefs, i18n.language);
  const checkedIn = result.action === 'in';
  const Icon = checkedIn ? IconCircleCheck : IconDoorExit;
  return (
    <Stack gap="lg" role="status">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Icon size={32} color={checkedIn ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-blue-6)'} aria-hidden />
        <Title order={1} fz="h2">
          {checkedIn
            ? t('checkInLinkCheckedIn', { space: result.spaceName })
            : t('checkInLinkReleased', { space: result.spaceName })}
        </Title>
      </Group>
      <Text>{t('checkInLinkWhere', { area: result.areaName, when })}</Text>
      {!checkedIn && (
        <Text c="dimmed">
          {t('checkInLinkReleasedHint')}
          {result.kept && ` ${t('checkInLinkKeptHint')}`}
        </Text>
      )}
      <MyBookingsButton variant="default" />
    </Stack>
  );
}

/**
 * `/checkin/:id?do=in|release`: the page behind the buttons of a check-in reminder mail. It does
 * what the button said as soon as it opens (one tap from the phone), signed in or not: the link
 * is the proof. A link works once; opening it again says so.
 */
export function CheckInLinkPage() {
  const { t } = useTranslation();
  usePageTitle(t('checkInLinkTitle'));
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const action = search.get('do');
  const errorMessage = useApiErrorMessage();
  const follow = useApiMutation((client, what: LinkAction) =>
    client.call(routes.checkIn.link, { params: { id }, body: { action: what } }),
  );
  const { mutate } = follow;
  const started = useRef(false);
  const run = useCallback(() => {
    if (isAction(action)) mutate(action);
  }, [action, mutate]);
  useEffect(() => {
    // Once per page: the link is used up by the first call.
    if (started.current) return;
    started.current = true;
    run();
  }, [run]);

  if (!isAction(action))
    return (
      <Stack gap="lg">
        <Title order={1} fz="h2">
          {t('checkInLinkTitle')}
        </Title>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {t('checkInLinkBadAction')}
        </Alert>
        <MyBookingsButton />
      </Stack>
    );
  if (follow.data) return <Done result={follow.data} />;
  if (follow.isError) {
    const used = follow.error instanceof ApiError && follow.error.appCode === ErrorCode.CheckInLinkInvalid;
    // A refusal by the server is final; a failure on the way may be tried again.
    const retry = !(follow.error instanceof ApiError) || follow.error.status >= 500;
    return (
      <Stack gap="lg">
        <Title order={1} fz="h2">
          {t('checkInLinkFailed')}
        </Title>
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {used ? t('errorCheckInLinkInvalid') : errorMessage(follow.error)}
        </Alert>
        {retry && (
          <Button onClick={run} fullWidth>
            {t('checkInLinkRetry')}
          </Button>
        )}
        <MyBookingsButton variant={retry ? 'default' : 'filled'} />
      </Stack>
    );
  }
  return (
    <Group gap="sm" role="status" aria-live="polite">
      <Loader size="sm" aria-hidden />
      <Text>{t('checkInLinkWorking')}</Text>
    </Group>
  );
}
