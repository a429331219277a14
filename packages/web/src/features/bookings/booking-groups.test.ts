import type { Booking } from '@perch/contract';
import { describe, expect, it } from 'vitest';
import { groupByDay, upcomingIds } from './booking-groups';

const booking = (id: string, enter: string, leave: string, areaId = 'a'): Booking => ({
  id,
  userId: 'u',
  userEmail: 'u@example.com',
  userFirstname: '',
  userLastname: '',
  approved: true,
  recurringId: '',
  checkedInAt: null,
  releasedAt: null,
  releaseReason: null,
  spaceId: 's',
  subject: '',
  enter,
  leave,
  space: { id: 's', locationId: areaId, name: 'Desk 1', location: { id: areaId, name: 'Floor' } },
});

describe('my bookings by day', () => {
  it('groups by the area wall-clock day, earliest first, and marks what is in progress', () => {
    const days = groupByDay(
      [
        booking('2', '2030-09-03T09:00:00+02:00', '2030-09-03T17:00:00+02:00'),
        booking('1', '2030-09-02T08:00:00+02:00', '2030-09-02T12:00:00+02:00'),
        booking('3', '2030-09-02T23:30:00-05:00', '2030-09-03T01:00:00-05:00', 'ny'),
      ],
      (area) => (area === 'ny' ? '2030-09-02T03:00' : '2030-09-02T10:00'),
    );
    expect(days.map((d) => [d.date, d.items.map((i) => i.booking.id)])).toEqual([
      ['2030-09-02', ['1', '3']],
      ['2030-09-03', ['2']],
    ]);
    expect(days[0]!.items[0]!.inProgress).toBe(true);
    expect(upcomingIds(days)).toEqual(['3', '2']);
  });
});
