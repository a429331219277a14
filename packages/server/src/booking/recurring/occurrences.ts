import { MAX_OCCURRENCES } from '@perch/contract';
import type { DateTime } from 'luxon';

export interface Recurrence {
  /** The first occurrence, in the area's zone. */
  enter: DateTime;
  leave: DateTime;
  /** Occurrences must start before this. */
  end: DateTime;
  /** 1 daily, 2 weekly. */
  cadence: number;
  /** Every `cycle` days or weeks. */
  cycle: number;
  /** Weekly: weekdays, 0 = Sunday … 6 = Saturday. */
  weekdays: readonly number[];
}

export interface Occurrence {
  enter: DateTime;
  leave: DateTime;
}

const weekday = (t: DateTime) => t.weekday % 7;

/**
 * The occurrences of a series, in wall-clock time of the area's zone so a
 * 09:00–17:00 booking stays 09:00–17:00 across DST changes. Returns null when there would
 * be more than MAX_OCCURRENCES.
 */
export function occurrences(r: Recurrence): Occurrence[] | null {
  const spanDays = Math.round(r.leave.startOf('day').diff(r.enter.startOf('day'), 'days').days);
  const leaveClock = {
    hour: r.leave.hour,
    minute: r.leave.minute,
    second: r.leave.second,
    millisecond: r.leave.millisecond,
  };
  const occurrence = (start: DateTime): Occurrence => ({
    enter: start,
    leave: start.plus({ days: spanDays }).set(leaveClock),
  });
  const out: Occurrence[] = [];
  const cycle = Math.max(1, r.cycle);
  if (r.cadence === 1) {
    for (let start = r.enter; start < r.end; start = start.plus({ days: cycle })) {
      out.push(occurrence(start));
      if (out.length > MAX_OCCURRENCES) return null;
    }
    return out;
  }
  const days = [...new Set(r.weekdays)].filter((d) => d >= 0 && d <= 6).sort((a, b) => a - b);
  if (days.length === 0) return [];
  let start = r.enter;
  while (!days.includes(weekday(start))) start = start.plus({ days: 1 });
  while (start < r.end) {
    out.push(occurrence(start));
    if (out.length > MAX_OCCURRENCES) return null;
    const current = weekday(start);
    const next = days.find((d) => d > current);
    start =
      next !== undefined
        ? start.plus({ days: next - current })
        : start.plus({ days: 7 * (cycle - 1) + (7 - current) + days[0]! });
  }
  return out;
}
