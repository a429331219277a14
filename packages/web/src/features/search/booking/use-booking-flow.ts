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

export interface BookingOutcome {
  /** Bookings made: 1 for a single booking, the free occurrences for a series. */
  booked: number;
  approvalRequired: boolean;
}

interface FlowOptions {
  space: SpaceAvailability;
  window: BookingWindow;
  dailyBasis: boolean;
  maxDaysInAdvance: number;
  today: string;
}

/** State and calls of the booking dialog: subject, recurrence with its live precheck, the booking. */
export function useBookingFlow({ space, window, dailyBasis, maxDaysInAdvance, today }: FlowOptions) {
  const [subject, setSubject] = useState('');
  const [recurrence, setRecurrence] = useState<Recurrence>(() => initialRecurrence(window, maxDaysInAdvance, today));
  const [outcome, setOutcome] = useState<BookingOutcome | null>(null);
  const apiWindow = useMemo(() => toApiWindow(window, dailyBasis), [window, dailyBasis]);
  const problem = recurrenceProblem(recurrence, window);
  const series = recurrence.mode !== 'never' && !problem ? recurringBody(space.id, '', apiWindow, recurrence) : null;
  const precheck = useRecurringPrecheck(series);
  const createOne = useCreateBooking();
  const createSeries = useCreateRecurringBooking();

  const submit = async () => {
    if (recurrence.mode === 'never') {
      await createOne.mutateAsync({ spaceId: space.id, ...apiWindow, subject: subject.trim() });
      setOutcome({ booked: 1, approvalRequired: space.approvalRequired });
      return;
    }
    const results = await createSeries.mutateAsync(recurringBody(space.id, subject.trim(), apiWindow, recurrence));
    setOutcome({ booked: results.filter((r) => r.success).length, approvalRequired: space.approvalRequired });
  };

  const freeOccurrences = precheck.data?.filter((r) => r.success).length ?? 0;
  return {
    subject,
    setSubject,
    recurrence,
    setRecurrence,
    recurrenceProblem: problem,
    precheck,
    freeOccurrences,
    submit,
    submitting: createOne.isPending || createSeries.isPending,
    error: createOne.error ?? createSeries.error,
    resetError: () => {
      createOne.reset();
      createSeries.reset();
    },
    outcome,
  };
}
