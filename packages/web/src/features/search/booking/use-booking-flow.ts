import type { SpaceAvailability } from '@perch/contract';
import { useMemo, useState } from 'react';
import { useCreateBooking, useCreateRecurringBooking, useRecurringPrecheck } from '../api/booking-queries';
import { toApiWindow, type BookingWindow } from '../time/booking-window';
import { initialRecurrence, recurrenceProblem, recurringBody, type Recurrence } from './recurrence';

export type SubjectMode = 'hidden' | 'optional' | 'required';

/** `subject_default` 1 hides the subject; 3, or a space that asks for one, makes it required. */
export function subjectMode(subjectDefault: string | undefined, space: SpaceAvailability): SubjectMode {
  if (subjectDefault === '1') return 'hidden';
  return subjectDefault === '3' || space.requireSubject ? 'required' : 'optional';
}

/** The subject rules of the server (1010, 1012): empty or at least 3 characters, never `@@@`. */
export function subjectProblem(subject: string, mode: SubjectMode): 'required' | 'short' | 'invalid' | null {
  const trimmed = subject.trim();
  if (mode === 'required' && trimmed.length < 3) return trimmed.length === 0 ? 'required' : 'short';
  if (trimmed.length > 0 && trimmed.length < 3) return 'short';
  if (subject.includes('@@@')) return 'invalid';
  return null;
}

/** Someone a space admin books for: a person of the organisation, or an address typed in. */
export interface BookedPerson {
  email: string;
  /** The name, else the email. */
  name: string;
  /** Name and email as the picker shows them. */
  label: string;
  /** Typed in, with no account yet: the server creates one (`allow_booking_nonexist_users`). */
  isNew: boolean;
}

/** For whom the booking is: the user, or (space admins) someone else, once chosen. */
export type BookFor = { mode: 'me' } | { mode: 'other'; person: BookedPerson | null };

export interface BookingOutcome {
  /** Bookings made: 1 for a single booking, the free occurrences for a series. */
  booked: number;
  approvalRequired: boolean;
  /** The person booked for, when it was not the user. */
  bookedFor: BookedPerson | null;
}

interface FlowOptions {
  space: SpaceAvailability;
  window: BookingWindow;
  dailyBasis: boolean;
  maxDaysInAdvance: number;
  today: string;
}

/**
 * State and calls of the booking form in the space panel: subject, for whom, recurrence with its
 * live precheck, the booking. A series is only for the user (the API books series for the caller).
 */
export function useBookingFlow({ space, window, dailyBasis, maxDaysInAdvance, today }: FlowOptions) {
  const [subject, setSubject] = useState('');
  const [bookFor, setBookFor] = useState<BookFor>({ mode: 'me' });
  const [recurrence, setRecurrence] = useState<Recurrence>(() => initialRecurrence(window, maxDaysInAdvance, today));
  const [outcome, setOutcome] = useState<BookingOutcome | null>(null);
  const apiWindow = useMemo(() => toApiWindow(window, dailyBasis), [window, dailyBasis]);
  const repeating = recurrence.mode !== 'never' && bookFor.mode === 'me';
  const problem = repeating ? recurrenceProblem(recurrence, window) : null;
  const series = repeating && !problem ? recurringBody(space.id, '', apiWindow, recurrence) : null;
  const precheck = useRecurringPrecheck(series);
  const createOne = useCreateBooking();
  const createSeries = useCreateRecurringBooking();
  const person = bookFor.mode === 'other' ? bookFor.person : null;

  const submit = async () => {
    if (!repeating) {
      await createOne.mutateAsync({
        spaceId: space.id,
        ...apiWindow,
        subject: subject.trim(),
        ...(person ? { userEmail: person.email } : {}),
      });
      setOutcome({ booked: 1, approvalRequired: space.approvalRequired, bookedFor: person });
      return;
    }
    const results = await createSeries.mutateAsync(recurringBody(space.id, subject.trim(), apiWindow, recurrence));
    setOutcome({
      booked: results.filter((r) => r.success).length,
      approvalRequired: space.approvalRequired,
      bookedFor: null,
    });
  };

  const freeOccurrences = precheck.data?.filter((r) => r.success).length ?? 0;
  return {
    subject,
    setSubject,
    bookFor,
    setBookFor: (next: BookFor) => {
      setBookFor(next);
      createOne.reset();
    },
    recurrence,
    setRecurrence,
    /** A series will be booked (the user chose to repeat, for themselves). */
    repeating,
    recurrenceProblem: problem,
    precheck,
    freeOccurrences,
    submit,
    submitting: createOne.isPending || createSeries.isPending,
    error: createOne.error ?? createSeries.error,
    outcome,
  };
}

export type BookingFlow = ReturnType<typeof useBookingFlow>;
