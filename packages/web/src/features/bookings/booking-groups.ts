import type { Booking } from '@perch/contract';
import { datePart, fromApiTime, type IsoDate, type WallTime } from '../../shared/time/wall-time';

/** A booking with its times as the area's wall clock. */
export interface BookingItem {
  booking: Booking;
  enter: WallTime;
  leave: WallTime;
  /** Started and not yet ended. */
  inProgress: boolean;
}

export interface BookingDay {
  date: IsoDate;
  items: BookingItem[];
}

/**
 * The user's bookings by the day they start, earliest first. `nowIn` answers the current wall
 * clock of a booking's area, so "in progress" is judged in the area's own zone.
 */
export function groupByDay(bookings: readonly Booking[], nowIn: (areaId: string) => WallTime): BookingDay[] {
  const items = bookings
    .map((booking): BookingItem => {
      const enter = fromApiTime(booking.enter);
      const leave = fromApiTime(booking.leave);
      const now = nowIn(booking.space.location.id);
      return { booking, enter, leave, inProgress: enter <= now && now < leave };
    })
    .sort((a, b) => (a.enter < b.enter ? -1 : a.enter > b.enter ? 1 : 0));
  const days: BookingDay[] = [];
  for (const item of items) {
    const date = datePart(item.enter);
    const last = days[days.length - 1];
    if (last?.date === date) last.items.push(item);
    else days.push({ date, items: [item] });
  }
  return days;
}

/** Bookings that have not started yet: what "cancel all upcoming" cancels. */
export const upcomingIds = (days: readonly BookingDay[]): string[] =>
  days.flatMap((d) => d.items.filter((i) => !i.inProgress).map((i) => i.booking.id));

export type RelativeDay = 'today' | 'tomorrow' | null;

export function relativeDay(date: IsoDate, today: IsoDate, tomorrow: IsoDate): RelativeDay {
  if (date === today) return 'today';
  if (date === tomorrow) return 'tomorrow';
  return null;
}
