import { Alert, Button, Divider, List, Stack, Text, TextInput } from '@mantine/core';
import { ApiError } from '@perch/client';
import type { SpaceAvailability } from '@perch/contract';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInSession } from '../../../app/session/session-context';
import { canAdminister } from '../../../app/session/session-data';
import { useApiErrorMessage } from '../../../app/use-api-error-message';
import { datePart } from '../../../shared/time/wall-time';
import type { SearchState } from '../use-search-state';
import classes from '../details/panel.module.css';
import { BookForPicker } from './BookForPicker';
import { PrecheckSummary } from './PrecheckSummary';
import { RecurrenceFields } from './RecurrenceFields';
import { subjectMode, subjectProblem, type BookingFlow } from './use-booking-flow';

interface BookingFormProps {
  space: SpaceAvailability;
  state: SearchState;
  flow: BookingFlow;
  locale: string;
  /** Why the chosen time cannot be booked, as the page's banner says it. */
  hints: readonly string[];
}

const SUBJECT_MESSAGE = {
  required: 'errorSubjectRequired',
  short: 'errorSubjectShort',
  invalid: 'errorInvalidSubject',
} as const;

/**
 * The second step of booking, in the space panel under the chosen time: a subject if wanted, for
 * whom (space admins), a repeat if allowed, and "Book".
 */
export function BookingForm({ space, state, flow, locale, hints }: BookingFormProps) {
  const { window, prefs, rules } = state;
  const { t } = useTranslation();
  const { settings, user } = useSignedInSession();
  const errorMessage = useApiErrorMessage();
  const [touched, setTouched] = useState(false);
  const mode = subjectMode(settings.subject_default, space);
  const subjectError = mode === 'hidden' ? null : subjectProblem(flow.subject, mode);
  const mayBookForOthers = canAdminister(user);
  const person = flow.bookFor.mode === 'other' ? flow.bookFor.person : null;
  const personMissing = flow.bookFor.mode === 'other' && !person;
  const recurringAllowed = settings.allow_recurring_bookings !== '0' && settings.feature_recurring_bookings !== '0';
  const repeating = flow.repeating;
  const canSubmit =
    !flow.submitting &&
    !flow.recurrenceProblem &&
    (!repeating || (flow.precheck.isSuccess && flow.freeOccurrences > 0));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (subjectError || personMissing || !canSubmit) return;
    try {
      await flow.submit();
    } catch {
      // Shown from the mutation's error below.
    }
  };

  /**
   * The server's refusal; booking for someone else has two of its own: 403 when the person has no
   * account and none may be made, 400 when a new person's address is on no domain of the organisation.
   */
  const refusal = (error: unknown): string => {
    if (person && error instanceof ApiError && error.appCode === 0) {
      if (error.status === 403) return t('bookForRefusedNoAccount');
      if (error.status === 400 && person.isNew) return t('bookForRefusedDomain');
    }
    return errorMessage(error);
  };

  const bookLabel = repeating
    ? t('bookSeries', { count: flow.freeOccurrences })
    : person
      ? t('bookForButton', { name: person.name })
      : t('bookThisSpace');

  return (
    <form onSubmit={submit} noValidate aria-label={t('bookingFormLabel')}>
      <Stack gap="md">
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
          />
        )}
        {mayBookForOthers && (
          <BookForPicker
            value={flow.bookFor}
            onChange={flow.setBookFor}
            error={touched && personMissing ? t('bookForPickPerson') : null}
          />
        )}
        {recurringAllowed && flow.bookFor.mode === 'me' && (
          <>
            <Divider />
            <RecurrenceFields
              value={flow.recurrence}
              onChange={flow.setRecurrence}
              firstDay={datePart(window.enter)}
              prefs={prefs}
              locale={locale}
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
        {recurringAllowed && flow.bookFor.mode === 'other' && (
          <Text fz="sm" c="dimmed">
            {t('bookForNoRepeat')}
          </Text>
        )}
        {hints.length > 0 && (
          <Alert color="orange" variant="light" icon={<IconInfoCircle aria-hidden />} title={t('cannotBookTitle')}>
            {hints.length === 1 ? (
              hints[0]
            ) : (
              <List size="sm">
                {hints.map((m) => (
                  <List.Item key={m}>{m}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        {flow.error && (
          <Alert
            color="red"
            icon={<IconAlertCircle aria-hidden />}
            title={t('bookingFailed')}
            role="alert"
            className={classes.wrapAnywhere}
          >
            {refusal(flow.error)}
          </Alert>
        )}
        <Button type="submit" size="md" loading={flow.submitting} disabled={!canSubmit} className={classes.wrapButton}>
          {bookLabel}
        </Button>
        {!repeating && !person && (
          <Text fz="xs" c="dimmed">
            {t('cancelLaterHint')}
          </Text>
        )}
      </Stack>
    </form>
  );
}
