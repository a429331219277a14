import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { ApiError } from '@perch/client';
import type { AvailabilityBooking, SpaceAvailability } from '@perch/contract';
import { TEXT_MAX } from '@perch/contract/values';
import { IconAlertCircle, IconClockEdit, IconHeart, IconRepeat, IconTrash, IconUser } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { bookerName } from '../../../shared/people/booker-name';
import { readableTextOn, type StatusColors } from '../../../shared/space-status/space-status';
import { formatRange } from '../../../shared/time/format-time';
import type { TimePrefs } from '../../../shared/time/time-prefs';
import type { IsoDate } from '../../../shared/time/wall-time';
import { useCancelBooking, useUpdateBooking } from '../api/booking-queries';
import { WindowPickers } from '../controls/WindowPickers';
import { normaliseWindow, toApiWindow, type BookingWindow } from '../time/booking-window';
import { bookingCoverage, spanOf } from './coverage';
import classes from './panel.module.css';

interface WindowBookingProps {
  booking: AvailabilityBooking;
  space: SpaceAvailability;
  /** The chosen time, to say whether the booking takes all of it. */
  window: BookingWindow;
  mine: boolean;
  /** The user may cancel and move it: their own, or any booking for space admins. */
  canManage: boolean;
  colors: StatusColors;
  prefs: TimePrefs;
  dailyBasis: boolean;
  today: IsoDate;
  /** The date pickers' (dayjs) locale. */
  locale: string;
  /** Cancelled: the panel closes and focus goes back to the space. */
  onCancelled: () => void;
  /** Moved: the panel says where to, `when` being the new times. */
  onMoved: (when: string) => void;
}

type Mode = 'view' | 'cancel' | 'edit';

/** Who booked it for how much of the chosen time, in one sentence. */
function bookedSentenceKey(mine: boolean, name: string, whole: boolean) {
  if (mine) return whole ? 'bookedByYouWhole' : 'bookedByYouPart';
  if (name) return whole ? 'bookedByNameWhole' : 'bookedByNamePart';
  return whole ? 'bookedBySomeoneWhole' : 'bookedBySomeonePart';
}

/**
 * One booking in the chosen time: who booked it, its own span, whether it takes the whole chosen
 * time or part of it; for its owner and space admins "Edit times" and "Cancel booking", each
 * opened in place (no second dialog) with the server's reason when it refuses.
 */
export function WindowBooking(props: WindowBookingProps) {
  const { booking: b, space, mine, canManage, colors, prefs, dailyBasis, locale } = props;
  const { t, i18n } = useTranslation();
  const errorMessage = useApiErrorMessage();
  const [mode, setMode] = useState<Mode>('view');
  const [alsoSeries, setAlsoSeries] = useState(false);
  const [reason, setReason] = useState('');
  const span = spanOf(b);
  const [draft, setDraft] = useState<BookingWindow>(span);
  const [draftProblem, setDraftProblem] = useState(false);
  const cancel = useCancelBooking();
  const update = useUpdateBooking();
  const questionRef = useRef<HTMLDivElement>(null);
  const editRef = useRef<HTMLDivElement>(null);
  const cancelButtonRef = useRef<HTMLButtonElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<'cancel' | 'edit' | null>(null);
  const ids = useId();

  const name = bookerName(b);
  const whole = bookingCoverage(span, props.window) === 'whole';
  const when = formatRange(span.enter, span.leave, prefs, i18n.language, dailyBasis);
  const accent = mine ? colors.mine : b.isBuddy ? colors.buddy : undefined;
  const othersBooking = !mine;

  useEffect(() => {
    if (mode === 'cancel') questionRef.current?.focus();
    else if (mode === 'edit') editRef.current?.focus();
    else if (returnTo.current === 'cancel') cancelButtonRef.current?.focus();
    else if (returnTo.current === 'edit') editButtonRef.current?.focus();
  }, [mode]);

  const open = (next: Mode) => {
    cancel.reset();
    update.reset();
    setDraft(span);
    setDraftProblem(false);
    returnTo.current = next === 'view' ? returnTo.current : next;
    setMode(next);
  };

  const confirmCancel = async () => {
    try {
      await cancel.mutateAsync({
        id: b.id,
        seriesId: alsoSeries && b.recurringId ? b.recurringId : undefined,
        reason: othersBooking ? reason.trim() : undefined,
      });
      props.onCancelled();
    } catch {
      // Shown below, with the server's reason.
    }
  };

  const saveTimes = async () => {
    const next = normaliseWindow(draft, dailyBasis);
    if (next.leave <= next.enter) {
      setDraftProblem(true);
      return;
    }
    setDraftProblem(false);
    try {
      await update.mutateAsync({
        id: b.id,
        body: { spaceId: space.id, ...toApiWindow(next, dailyBasis), subject: b.subject },
      });
      returnTo.current = null;
      setMode('view');
      props.onMoved(formatRange(next.enter, next.leave, prefs, i18n.language, dailyBasis));
    } catch {
      // Shown below, with the server's reason.
    }
  };

  /** A change the server refused; a clash on update comes without a code. */
  const updateRefusal = (error: unknown) =>
    error instanceof ApiError && error.status === 409 ? t('errorSlotConflict') : errorMessage(error);

  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      className={accent ? classes.booking : undefined}
      style={accent ? { borderInlineStartColor: accent } : undefined}
    >
      <Stack gap={6}>
        <Text fw={600} fz="sm" className={classes.wrapAnywhere}>
          {t(bookedSentenceKey(mine, name, whole), { name })}
        </Text>
        <Text fz="sm">{when}</Text>
        <Group gap={6}>
          {mine && (
            <Badge size="sm" color="grape" leftSection={<IconUser size={11} aria-hidden />}>
              {t('statusMine')}
            </Badge>
          )}
          {b.isBuddy && (
            <Badge
              size="sm"
              style={{ background: colors.buddy, color: readableTextOn(colors.buddy) }}
              leftSection={<IconHeart size={11} aria-hidden />}
            >
              {t('buddy')}
            </Badge>
          )}
          {!b.approved && (
            <Badge size="sm" variant="light" color="yellow">
              {t('pendingApproval')}
            </Badge>
          )}
          {b.recurringId && (
            <Badge size="sm" variant="light" color="gray" leftSection={<IconRepeat size={11} aria-hidden />}>
              {t('recurring')}
            </Badge>
          )}
        </Group>
        {b.subject && (
          <Text fz="sm" c="dimmed" className={classes.wrapAnywhere}>
            {b.subject}
          </Text>
        )}

        {canManage && mode === 'view' && (
          <Group gap="xs" mt={4}>
            <Button
              ref={editButtonRef}
              size="xs"
              variant="default"
              leftSection={<IconClockEdit size={14} aria-hidden />}
              onClick={() => open('edit')}
              aria-label={t('editTimesOf', { when })}
            >
              {t('editTimes')}
            </Button>
            <Button
              ref={cancelButtonRef}
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => open('cancel')}
              aria-label={t('cancelBookingAt', { when })}
            >
              {t('cancelBooking')}
            </Button>
          </Group>
        )}

        {mode === 'cancel' && (
          <div
            className={classes.confirm}
            ref={questionRef}
            tabIndex={-1}
            role="group"
            aria-labelledby={`${ids}-question`}
          >
            <Stack gap="sm">
              <Text id={`${ids}-question`} fw={600} fz="sm">
                {t('confirmCancelBooking', { enter: when })}
              </Text>
              {b.recurringId && (
                <Checkbox
                  label={t('alsoCancelSeries')}
                  checked={alsoSeries}
                  onChange={(e) => setAlsoSeries(e.currentTarget.checked)}
                />
              )}
              {othersBooking && !alsoSeries && (
                <Textarea
                  label={t('cancelReasonLabel')}
                  description={name ? t('cancelReasonHintNamed', { name }) : t('cancelReasonHint')}
                  value={reason}
                  maxLength={TEXT_MAX.cancelReason}
                  autosize
                  minRows={2}
                  onChange={(e) => setReason(e.currentTarget.value)}
                />
              )}
              {cancel.error && (
                <Alert
                  color="red"
                  icon={<IconAlertCircle aria-hidden />}
                  title={t('cancelFailedTitle')}
                  role="alert"
                  className={classes.wrapAnywhere}
                >
                  {errorMessage(cancel.error)}
                </Alert>
              )}
              <Group gap="xs" justify="flex-end">
                <Button size="xs" variant="default" onClick={() => open('view')}>
                  {t('keepBooking')}
                </Button>
                <Button size="xs" color="red" loading={cancel.isPending} onClick={() => void confirmCancel()}>
                  {t('cancelBooking')}
                </Button>
              </Group>
            </Stack>
          </div>
        )}

        {mode === 'edit' && (
          <div className={classes.focusTarget} ref={editRef} tabIndex={-1} role="group" aria-labelledby={`${ids}-edit`}>
            <Stack gap="sm" mt={4}>
              <Text id={`${ids}-edit`} fw={600} fz="sm">
                {t('newTimesOf', { when })}
              </Text>
              <WindowPickers
                window={draft}
                onChange={(w) => {
                  setDraft(normaliseWindow(w, dailyBasis));
                  setDraftProblem(false);
                }}
                prefs={prefs}
                dailyBasis={dailyBasis}
                today={props.today}
                locale={locale}
              />
              {draftProblem && (
                <Text c="red" fz="sm" role="alert">
                  {t('errorLeaveAfterEnter')}
                </Text>
              )}
              {update.error && (
                <Alert
                  color="red"
                  icon={<IconAlertCircle aria-hidden />}
                  title={t('timesNotChanged')}
                  role="alert"
                  className={classes.wrapAnywhere}
                >
                  {updateRefusal(update.error)}
                </Alert>
              )}
              <Group gap="xs" justify="flex-end">
                <Button size="xs" variant="default" onClick={() => open('view')}>
                  {t('keepTimes')}
                </Button>
                <Button size="xs" loading={update.isPending} onClick={() => void saveTimes()}>
                  {t('saveTimes')}
                </Button>
              </Group>
            </Stack>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
