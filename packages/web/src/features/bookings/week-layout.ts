import {
  addDaysToDate,
  combine,
  datePart,
  minutesOfDay,
  timePart,
  weekdayOf,
  type IsoDate,
  type TimeOfDay,
} from '../../shared/time/wall-time';
import type { BookingItem } from './booking-groups';

/**
 * The week view of "My bookings": which bookings fall on which day of a week, where each sits
 * between the hour lines, and side by side when two overlap. Everything is the area's wall clock
 * (`YYYY-MM-DDTHH:mm` strings), so no zone or daylight-saving change can move a block.
 */

const DAY_MINUTES = 24 * 60;

/** The first day of the week holding `date`, for a week that starts on `weekStartDay` (0 = Sunday). */
export function weekStartOf(date: IsoDate, weekStartDay: number): IsoDate {
  return addDaysToDate(date, -((weekdayOf(date) - weekStartDay + 7) % 7));
}

/** The seven dates of the week from `start`. */
export const weekDates = (start: IsoDate): IsoDate[] => Array.from({ length: 7 }, (_, i) => addDaysToDate(start, i));

/** The part of a booking that lies on one day, in minutes since that day's midnight. */
export interface DaySegment {
  item: BookingItem;
  date: IsoDate;
  /** Minutes from midnight, 0–1440. */
  from: number;
  to: number;
  /** It covers the whole day (a daily-basis booking, or a day inside a longer one). */
  allDay: boolean;
  /** Its place among the bookings it overlaps with: lane `lane` of `lanes`. */
  lane: number;
  lanes: number;
}

/** Minutes of `value` from the midnight that starts `date` (negative before, past 1440 after). */
function minutesFrom(date: IsoDate, value: string): number {
  const day = datePart(value);
  if (day === date) return minutesOfDay(timePart(value));
  return day < date ? -1 : DAY_MINUTES + 1;
}

/** A leave at 23:59 (as daily-basis bookings end) reaches the end of the day. */
const endOfDay = (minutes: number) => (minutes >= DAY_MINUTES - 1 ? DAY_MINUTES : minutes);

/**
 * The bookings of the week that starts on `start`, cut into one segment per day they touch, each
 * day's segments ordered by start and given lanes so that overlapping ones stand side by side.
 */
export function weekSegments(items: readonly BookingItem[], start: IsoDate): DaySegment[][] {
  return weekDates(start).map((date) => {
    const dayStart = combine(date, '00:00');
    const nextDay = combine(addDaysToDate(date, 1), '00:00');
    const segments = items
      .filter((item) => item.enter < nextDay && item.leave > dayStart)
      .map((item): DaySegment => {
        const from = Math.max(0, minutesFrom(date, item.enter));
        const to = endOfDay(Math.min(DAY_MINUTES, minutesFrom(date, item.leave)));
        return { item, date, from, to, allDay: from === 0 && to === DAY_MINUTES, lane: 0, lanes: 1 };
      })
      .sort((a, b) => a.from - b.from || b.to - a.to);
    assignLanes(segments.filter((s) => !s.allDay));
    return segments;
  });
}

/**
 * Places overlapping segments side by side: each goes into the first lane free at its start,
 * and every segment of a group of mutually reachable overlaps shares that group's lane count.
 */
function assignLanes(sorted: DaySegment[]): void {
  let group: DaySegment[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const close = () => {
    for (const s of group) s.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const s of sorted) {
    if (s.from >= groupEnd) close();
    let lane = laneEnds.findIndex((end) => end <= s.from);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = Math.max(s.to, s.from + 1);
    s.lane = lane;
    group.push(s);
    groupEnd = Math.max(groupEnd, s.to);
  }
  close();
}

/**
 * The hours the grid shows: the user's working hours, widened to whole hours around every timed
 * booking of the week. Answers the first hour and the hour after the last.
 */
export function hourRange(
  days: readonly DaySegment[][],
  workdayStart: TimeOfDay,
  workdayEnd: TimeOfDay,
): { first: number; last: number } {
  let first = Math.floor(minutesOfDay(workdayStart) / 60);
  let last = Math.ceil(minutesOfDay(workdayEnd) / 60);
  for (const s of days.flat())
    if (!s.allDay) {
      first = Math.min(first, Math.floor(s.from / 60));
      last = Math.max(last, Math.ceil(s.to / 60));
    }
  if (last <= first) last = Math.min(24, first + 1);
  return { first, last };
}
