import type { RecurringBookingSave } from '@perch/contract';
import { Cadence } from '@perch/contract/values';
import { addDaysToDate, datePart, weekdayOf, type IsoDate } from '../../../shared/time/wall-time';
import type { BookingWindow } from '../time/booking-window';

export type RepeatMode = 'never' | 'daily' | 'weekly';

/** The recurrence as the dialog holds it: never, daily or weekly, every N days or weeks, until a date. */
export interface Recurrence {
  mode: RepeatMode;
  /** Every N days or weeks. */
  cycle: number;
  /** Weekly only: 0 = Sunday … 6 = Saturday. */
  weekdays: number[];
  /** The last day an occurrence may start on. */
  until: IsoDate;
}

export const MAX_CYCLE = 30;

/** Starts weekly on the booking's own weekday, until the furthest day the organisation allows. */
export function initialRecurrence(window: BookingWindow, maxDaysInAdvance: number, today: IsoDate): Recurrence {
  const first = datePart(window.enter);
  const furthest = addDaysToDate(today, maxDaysInAdvance);
  return {
    mode: 'never',
    cycle: 1,
    weekdays: [weekdayOf(first)],
    until: furthest > first ? furthest : addDaysToDate(first, 7),
  };
}

export type RecurrenceProblem = 'untilBeforeStart' | 'noWeekdays' | 'badCycle';

export function recurrenceProblem(recurrence: Recurrence, window: BookingWindow): RecurrenceProblem | null {
  if (recurrence.mode === 'never') return null;
  if (!Number.isInteger(recurrence.cycle) || recurrence.cycle < 1 || recurrence.cycle > MAX_CYCLE) return 'badCycle';
  if (recurrence.until < datePart(window.enter)) return 'untilBeforeStart';
  if (recurrence.mode === 'weekly' && recurrence.weekdays.length === 0) return 'noWeekdays';
  return null;
}

/**
 * The body of `POST /recurring-booking/(precheck)`. The API's `end` is an exclusive bound on the
 * occurrence starts, so the day after `until` begins it. Weekdays go sorted: a Seatsurfing
 * server steps through them in the order sent.
 */
export function recurringBody(
  spaceId: string,
  subject: string,
  apiWindow: { enter: string; leave: string },
  recurrence: Recurrence,
): RecurringBookingSave {
  return {
    spaceId,
    subject,
    enter: apiWindow.enter,
    leave: apiWindow.leave,
    end: `${addDaysToDate(recurrence.until, 1)}T00:00:00Z`,
    cadence: recurrence.mode === 'daily' ? Cadence.Daily : Cadence.Weekly,
    cycle: recurrence.cycle,
    weekdays: recurrence.mode === 'weekly' ? [...new Set(recurrence.weekdays)].sort((a, b) => a - b) : [],
  };
}
