import type { AvailabilityBooking } from '@perch/contract';
import { addMinutes, fromApiTime, type WallTime } from '../../../shared/time/wall-time';
import type { BookingWindow } from '../time/booking-window';

/** How much of the chosen window a booking (or all of them together) takes. */
export type Coverage = 'whole' | 'part';

/** A booking as the panel shows it: its own span in the area's wall clock. */
export interface BookedSpan {
  enter: WallTime;
  leave: WallTime;
}

export const spanOf = (b: Pick<AvailabilityBooking, 'enter' | 'leave'>): BookedSpan => ({
  enter: fromApiTime(b.enter),
  leave: fromApiTime(b.leave),
});

/**
 * The end of the window a booking must reach to cover it. Other clients send a leave one
 * second (or minute) before the hour (16:59:59 for 17:00), and daily bookings end at 23:59:59:
 * a minute short still counts as the whole time.
 */
const coveredEnd = (window: BookingWindow): WallTime => addMinutes(window.leave, -1);

/** Whether one booking takes the whole window or only part of it. */
export function bookingCoverage(span: BookedSpan, window: BookingWindow): Coverage {
  return span.enter <= window.enter && span.leave >= coveredEnd(window) ? 'whole' : 'part';
}

/** Whether the bookings together leave no free moment in the window. */
export function unionCoverage(spans: readonly BookedSpan[], window: BookingWindow): Coverage {
  const sorted = [...spans].sort((a, b) => (a.enter < b.enter ? -1 : a.enter > b.enter ? 1 : 0));
  let reached = window.enter;
  for (const span of sorted) {
    if (span.enter > reached) break;
    if (span.leave > reached) reached = span.leave;
  }
  return reached >= coveredEnd(window) ? 'whole' : 'part';
}
