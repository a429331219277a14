import type { Booking } from '@perch/contract';
import { describe, expect, it } from 'vitest';
import type { BookingItem } from './booking-groups';
import { hourRange, weekDates, weekSegments, weekStartOf } from './week-layout';

const item = (id: string, enter: string, leave: string): BookingItem => ({
  booking: { id } as Booking,
  enter,
  leave,
  inProgress: false,
});

describe('week start', () => {
  // 2030-09-04 is a Wednesday.
  it('follows the preferred first day of the week', () => {
    expect(weekStartOf('2030-09-04', 1)).toBe('2030-09-02');
    expect(weekStartOf('2030-09-04', 0)).toBe('2030-09-01');
    expect(weekStartOf('2030-09-04', 6)).toBe('2030-08-31');
    expect(weekStartOf('2030-09-02', 1)).toBe('2030-09-02');
  });

  it('gives seven dates across a month end', () => {
    expect(weekDates('2030-08-29')).toEqual([
      '2030-08-29',
      '2030-08-30',
      '2030-08-31',
      '2030-09-01',
      '2030-09-02',
      '2030-09-03',
      '2030-09-04',
    ]);
  });
});

describe('week segments', () => {
  it('puts each booking on its day, in minutes from midnight', () => {
    const days = weekSegments(
      [item('a', '2030-09-02T09:00', '2030-09-02T12:30'), item('b', '2030-09-04T14:00', '2030-09-04T17:00')],
      '2030-09-02',
    );
    expect(days.map((d) => d.map((s) => s.item.booking.id))).toEqual([['a'], [], ['b'], [], [], [], []]);
    expect(days[0]![0]).toMatchObject({ from: 540, to: 750, allDay: false, lane: 0, lanes: 1 });
    expect(days[2]![0]).toMatchObject({ from: 840, to: 1020 });
  });

  it('cuts a booking over midnight into two days and leaves other weeks out', () => {
    const days = weekSegments(
      [item('night', '2030-09-03T22:00', '2030-09-04T02:00'), item('later', '2030-09-12T09:00', '2030-09-12T10:00')],
      '2030-09-02',
    );
    expect(days[1]).toMatchObject([{ from: 1320, to: 1440, allDay: false }]);
    expect(days[2]).toMatchObject([{ from: 0, to: 120, allDay: false }]);
    expect(days.flat()).toHaveLength(2);
  });

  it('marks whole days (daily-basis bookings end at 23:59)', () => {
    const days = weekSegments([item('day', '2030-09-02T00:00', '2030-09-03T23:59')], '2030-09-02');
    expect(days[0]).toMatchObject([{ allDay: true }]);
    expect(days[1]).toMatchObject([{ allDay: true }]);
  });

  it('sets overlapping bookings side by side and lone ones full width', () => {
    const [day] = weekSegments(
      [
        item('a', '2030-09-02T09:00', '2030-09-02T12:00'),
        item('b', '2030-09-02T10:00', '2030-09-02T11:00'),
        item('c', '2030-09-02T11:00', '2030-09-02T13:00'),
        item('d', '2030-09-02T15:00', '2030-09-02T16:00'),
      ],
      '2030-09-02',
    );
    const lanes = Object.fromEntries(day!.map((s) => [s.item.booking.id, [s.lane, s.lanes]]));
    expect(lanes).toEqual({ a: [0, 2], b: [1, 2], c: [1, 2], d: [0, 1] });
  });
});

describe('hour range', () => {
  it('is the working hours, widened to whole hours around the bookings', () => {
    const none = weekSegments([], '2030-09-02');
    expect(hourRange(none, '08:00', '17:30')).toEqual({ first: 8, last: 18 });
    const days = weekSegments(
      [item('early', '2030-09-02T06:30', '2030-09-02T07:00'), item('late', '2030-09-03T18:00', '2030-09-03T20:15')],
      '2030-09-02',
    );
    expect(hourRange(days, '08:00', '17:00')).toEqual({ first: 6, last: 21 });
  });

  it('ignores whole-day bookings', () => {
    const days = weekSegments([item('day', '2030-09-02T00:00', '2030-09-02T23:59')], '2030-09-02');
    expect(hourRange(days, '09:00', '17:00')).toEqual({ first: 9, last: 17 });
  });
});
