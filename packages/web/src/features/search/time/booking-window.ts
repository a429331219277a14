import { EnterTime, type TimePrefs } from '../../../shared/time/time-prefs';
import {
  addDaysToDate,
  addMinutes,
  combine,
  datePart,
  fromApiTime,
  minutesBetween,
  minutesOfDay,
  timeFromMinutes,
  timePart,
  toFakeUtc,
  weekdayOf,
  type IsoDate,
  type WallTime,
} from '../../../shared/time/wall-time';
import type { BookingRules } from './booking-rules';

/** A search or booking window in the area's wall clock; `leave` is exclusive. */
export interface BookingWindow {
  enter: WallTime;
  leave: WallTime;
}

/** A daily-basis booking ends at the last second of its last day (the server counts whole days). */
export const END_OF_DAY = '23:59';

/** The first day after `date` that is one of `workdays` (any day if none is set). */
export function nextBusinessDay(date: IsoDate, workdays: readonly number[]): IsoDate {
  let day = addDaysToDate(date, 1);
  if (workdays.length === 0) return day;
  for (let i = 0; i < 7 && !workdays.includes(weekdayOf(day)); i++) day = addDaysToDate(day, 1);
  return day;
}

/** The whole days from `first` to `last`, as a daily-basis booking sends them. */
export function wholeDays(first: IsoDate, last: IsoDate): BookingWindow {
  return { enter: combine(first, '00:00'), leave: combine(last < first ? first : last, END_OF_DAY) };
}

/** A working day from its start to its end, no longer than the longest booking allowed. */
function workingDay(date: IsoDate, startMinutes: number, prefs: TimePrefs, rules: BookingRules): BookingWindow {
  const enter = combine(date, timeFromMinutes(startMinutes));
  let endMinutes = minutesOfDay(prefs.workdayEnd);
  if (endMinutes <= startMinutes) endMinutes = Math.min(startMinutes + 60, 23 * 60 + 59);
  if (rules.maxDurationHours > 0) endMinutes = Math.min(endMinutes, startMinutes + rules.maxDurationHours * 60);
  return { enter, leave: combine(date, timeFromMinutes(endMinutes)) };
}

/**
 * The window the search starts with: by the notice preference, the earliest
 * possible time (the next full hour, kept inside the working hours), the next day or the next
 * business day, from the workday start to its end. Whole days when bookings are daily.
 */
export function defaultWindow(now: WallTime, prefs: TimePrefs, rules: BookingRules): BookingWindow {
  const today = datePart(now);
  const startMinutes = minutesOfDay(prefs.workdayStart);
  const endMinutes = minutesOfDay(prefs.workdayEnd);
  let day: IsoDate;
  let enterMinutes = startMinutes;
  if (prefs.enterTime === EnterTime.NextDay) day = addDaysToDate(today, 1);
  else if (prefs.enterTime === EnterTime.NextBusinessDay) day = nextBusinessDay(today, prefs.workdays);
  else {
    day = today;
    const nowMinutes = minutesOfDay(timePart(now));
    const nextFullHour = Math.ceil(nowMinutes / 60) * 60;
    if (nextFullHour > startMinutes) enterMinutes = nextFullHour;
    // Past the end of the working day (or of the day): start on the next business day.
    if (!rules.dailyBasis && (enterMinutes >= endMinutes || enterMinutes >= 24 * 60)) {
      day = nextBusinessDay(today, prefs.workdays);
      enterMinutes = startMinutes;
    }
  }
  if (rules.dailyBasis) return wholeDays(day, day);
  return workingDay(day, enterMinutes, prefs, rules);
}

/**
 * A walk-up window made to fit the space's bookings (`enter`/`leave` in the API's wall-clock
 * form): it ends where the next one begins, so the space is free for all of it. Null when a
 * booking already covers its start: the space is taken now. Whole-day windows are left alone
 * (a daily booking takes the day or nothing).
 */
export function fitWalkUpWindow(
  window: BookingWindow,
  bookings: readonly { enter: string; leave: string }[],
  dailyBasis: boolean,
): BookingWindow | null {
  if (dailyBasis) return window;
  let leave = window.leave;
  for (const b of bookings) {
    const enter = fromApiTime(b.enter);
    if (enter <= window.enter && fromApiTime(b.leave) > window.enter) return null;
    if (enter > window.enter && enter < leave) leave = enter;
  }
  return leave === window.leave ? window : { enter: window.enter, leave };
}

/** Moves the window to another first day, keeping its length (and its times of day). */
export function moveToDate(window: BookingWindow, date: IsoDate): BookingWindow {
  const length = minutesBetween(window.enter, window.leave);
  const enter = combine(date, timePart(window.enter));
  return { enter, leave: addMinutes(enter, length) };
}

/** Puts a window on whole days when the organisation books daily. */
export function normaliseWindow(window: BookingWindow, dailyBasis: boolean): BookingWindow {
  return dailyBasis ? wholeDays(datePart(window.enter), datePart(window.leave)) : window;
}

/** The window as the API takes it: wall clocks written as UTC; a daily leave is 23:59:59. */
export function toApiWindow(window: BookingWindow, dailyBasis: boolean): { enter: string; leave: string } {
  return {
    enter: toFakeUtc(window.enter),
    leave: toFakeUtc(window.leave, dailyBasis && timePart(window.leave) === END_OF_DAY ? 59 : 0),
  };
}

/** Walk-up bookings start at the current time rounded up to this many minutes. */
const WALK_UP_STEP_MINUTES = 5;

/**
 * The window of a walk-up booking (a free space's code scanned): from now (to the next
 * five minutes) until the end of today's working day (an hour when that has passed), whatever
 * day the person's searches usually start on. The whole day when bookings are daily.
 */
export function walkUpWindow(now: WallTime, prefs: TimePrefs, rules: BookingRules): BookingWindow {
  const today = datePart(now);
  if (rules.dailyBasis) return wholeDays(today, today);
  const nowMinutes = minutesOfDay(timePart(now));
  const enterMinutes = Math.min(
    Math.ceil(nowMinutes / WALK_UP_STEP_MINUTES) * WALK_UP_STEP_MINUTES,
    24 * 60 - WALK_UP_STEP_MINUTES,
  );
  return workingDay(today, enterMinutes, prefs, rules);
}
