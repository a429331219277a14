import type { Message } from '../../../i18n';
import { datePart, daysBetween, minutesBetween, type WallTime } from '../../../shared/time/wall-time';
import type { BookingRules } from './booking-rules';
import type { BookingWindow } from './booking-window';

export interface HintInput {
  areaId: string | null;
  window: BookingWindow;
  /** The area's wall clock now. */
  now: WallTime;
  rules: BookingRules;
  /** Upcoming bookings of the user, when known. */
  upcomingCount: number | null;
}

/**
 * Why the selected window cannot be booked, checked before any call (the checks the Seatsurfing
 * web UI makes too). The server enforces the same rules; these only explain them early.
 */
export function searchHints({ areaId, window, now, rules, upcomingCount }: HintInput): Message[] {
  const hints: Message[] = [];
  if (!areaId) hints.push({ key: 'errorPickArea' });
  const startsInPast = rules.dailyBasis ? datePart(window.enter) < datePart(now) : window.enter < now;
  if (startsInPast) hints.push({ key: 'errorEnterFuture' });
  const minutes = minutesBetween(window.enter, window.leave);
  if (minutes <= 0) hints.push({ key: 'errorLeaveAfterEnter' });
  if (startsInPast || minutes <= 0 || rules.exempt) return hints;

  if (daysBetween(datePart(now), datePart(window.enter)) > rules.maxDaysInAdvance)
    hints.push({ key: 'errorDaysAdvance', values: { count: rules.maxDaysInAdvance } });
  const hours = rules.dailyBasis
    ? (daysBetween(datePart(window.enter), datePart(window.leave)) + 1) * 24
    : minutes / 60;
  const maxHours = rules.dailyBasis ? Math.ceil(rules.maxDurationHours / 24) * 24 : rules.maxDurationHours;
  if (hours > maxHours) hints.push({ key: 'errorMaxBookingDuration', values: { count: rules.maxDurationHours } });
  if (rules.minDurationHours > 0 && Math.floor(hours) < rules.minDurationHours)
    hints.push({ key: 'errorMinBookingDuration', values: { count: rules.minDurationHours } });
  if (upcomingCount !== null && upcomingCount >= rules.maxBookingsPerUser)
    hints.push({ key: 'errorBookingLimit', values: { count: rules.maxBookingsPerUser } });
  return hints;
}
