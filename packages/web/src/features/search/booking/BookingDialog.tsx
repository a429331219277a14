import { Alert, Button, Divider, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import type { Location, SpaceAvailability } from '@perch/contract';
import { IconAlertCircle, IconShieldCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { formatRange } from '../../../shared/time/format-time';
import type { TimePrefs } from '../../../shared/time/time-prefs';
import { convertWallTime, datePart } from '../../../shared/time/wall-time';
import type { BookingRules } from '../time/booking-rules';
import type { BookingWindow } from '../time/booking-window';
import { BookingSuccess } from './BookingSuccess';
import { PrecheckSummary } from './PrecheckSummary';
import { RecurrenceFields } from './RecurrenceFields';
import { subjectMode, subjectProblem, useBookingFlow } from './use-booking-flow';

interface BookingDialogProps {
  space: SpaceAvailability;
  area: Location;
  window: BookingWindow;
  zone: string;
  showZone: boolean;
  /** The user's own zone; when `showZone`, the times are shown on that clock too. */
  ownZone: string;
  prefs: TimePrefs;
  rules: BookingRules;
  today: string;
  locale: string;
  onClose: () => void;
}

const SUBJECT_MESSAGE = {
  required: 'errorSubjectRequired',
  short: 'errorSubjectShort',
  invalid: 'errorInvalidSubject',
} as const;

/** Confirm a booking: what, where, when, a subject if wanted, and a repeat if allowed. */
export function BookingDialog(props: BookingDialogProps) {
  const { space, area, window, prefs, rules, onClose } = props;
  const { t, i18n } = useTranslation();
  const { settings } = useSignedInSession();
  const errorMessage = useApiErrorMessage();
  const flow = useBookingFlow({
    space,
    window,
    dailyBasis: rules.dailyBasis,
    maxDaysInAdvance: rules.maxDaysInAdvance,
    today: props.today,
  });
  const [touched, setTouched] = useState(false);
  const mode = subjectMode(settings.subject_default, space);
  const subjectError = mode === 'hidden' ? null : subjectProblem(flow.subject, mode);
  const recurringAllowed = settings.allow_recurring_bookings !== '0' && settings.feature_recurring_bookings !== '0';
  const repeating = flow.recurrence.mode !== 'never';
  const canSubmit =
    !flow.submitting &&
    !flow.recurrenceProblem &&
    (!repeating || (flow.precheck.isSuccess && flow.freeOccurrences > 0));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (subjectError || !canSubmit) return;
    try {
      await flow.submit();
    } catch {
      // Shown from the mutation's error below.
    }
  };

  const rows: [string, string][] = [
    [t('space'), space.name],
    [t('areaLabel'), area.name],
    [t('when'), formatRange(window.enter, window.leave, prefs, i18n.language, rules.dailyBasis)],
  ];
  if (props.showZone) {
    rows.push([t('timeZone'), props.zone]);
    if (!rules.dailyBasis) {
      const onOwnClock = (value: string) => convertWallTime(value, props.zone, props.ownZone);
      const range = formatRange(onOwnClock(window.enter), onOwnClock(window.leave), prefs, i18n.language);
      rows.push([t('yourTime'), `${range} (${props.ownZone})`]);
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('close') }}
      title={t('bookSpaceNamed', { name: space.name })}
      size="lg"
    >
      {flow.outcome ? (
        <BookingSuccess outcome={flow.outcome} onDone={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Table variant="vertical" layout="fixed" withTableBorder>
              <Table.Tbody>
                {rows.map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Th w={120}>{label}</Table.Th>
                    <Table.Td>{value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {space.approvalRequired && (
              <Alert color="grape" variant="light" icon={<IconShieldCheck aria-hidden />}>
                {t('approvalRequiredNote')}
              </Alert>
            )}
            {mode !== 'hidden' && (
              <TextInput
                label={t('subject')}
                placeholder={mode === 'optional' ? t('subjectOptionalHint') : undefined}
                required={mode === 'required'}
                value={flow.subject}
                maxLength={256}
                onChange={(e) => flow.setSubject(e.currentTarget.value)}
                onBlur={() => setTouched(true)}
                error={touched && subjectError ? t(SUBJECT_MESSAGE[subjectError]) : undefined}
                data-autofocus
              />
            )}
            {recurringAllowed && (
              <>
                <Divider />
                <RecurrenceFields
                  value={flow.recurrence}
                  onChange={flow.setRecurrence}
                  firstDay={datePart(window.enter)}
                  prefs={prefs}
                  locale={props.locale}
                  problem={flow.recurrenceProblem}
                />
                {repeating && !flow.recurrenceProblem && (
                  <PrecheckSummary
                    results={flow.precheck.data}
                    loading={flow.precheck.isFetching}
                    prefs={prefs}
                    dailyBasis={rules.dailyBasis}
                  />
                )}
                {repeating && flow.precheck.isError && (
                  <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
                    {errorMessage(flow.precheck.error)}
                  </Alert>
                )}
              </>
            )}
            {flow.error && (
              <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('bookingFailed')} role="alert">
                {errorMessage(flow.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={flow.submitting} disabled={!canSubmit}>
                {repeating ? t('confirmBookings', { num: flow.freeOccurrences }) : t('confirmBooking')}
              </Button>
            </Group>
            {!repeating && (
              <Text fz="xs" c="dimmed" ta="end">
                {t('cancelLaterHint')}
              </Text>
            )}
          </Stack>
        </form>
      )}
    </Modal>
  );
}
