import type { PrecheckResult, RecurringBooking } from '@perch/contract';
import type { RecurringBookingRow } from '../../db/schema.js';
import { toClientTime } from '../../lib/time.js';
import type { Occurrence } from './occurrences.js';

/** A series, its times as the area's wall clock with its offset. */
export function presentSeries(r: RecurringBookingRow, zone: string): RecurringBooking {
  return {
    id: r.id,
    userId: r.user_id,
    spaceId: r.space_id,
    subject: r.subject,
    enter: toClientTime(r.enter_at, zone),
    leave: toClientTime(r.leave_at, zone),
    end: toClientTime(r.end_at, zone),
    cadence: r.cadence,
    cycle: r.cycle,
    weekdays: r.weekdays.map(Number),
  };
}

/** The outcome of one occurrence: booked (its id) or refused (the rule's code). */
export function presentOccurrence(
  o: Occurrence,
  zone: string,
  outcome: { id?: string; errorCode?: number | undefined },
): PrecheckResult {
  return {
    enter: toClientTime(o.enter, zone),
    leave: toClientTime(o.leave, zone),
    success: outcome.errorCode === undefined,
    ...(outcome.errorCode !== undefined ? { errorCode: outcome.errorCode } : {}),
    id: outcome.id ?? '',
  };
}
