import type { AvailabilityBooking, SpaceAvailability } from '@perch/contract';
import { describe, expect, it } from 'vitest';
import { readableTextOn, spaceStatus, statusColors, type StatusContext } from './space-status';

const booking = (overrides: Partial<AvailabilityBooking> = {}): AvailabilityBooking => ({
  id: 'b1',
  recurringId: '',
  userId: 'other',
  userEmail: '',
  userFirstname: '',
  userLastname: '',
  enter: '2030-09-02T09:00:00+02:00',
  leave: '2030-09-02T17:00:00+02:00',
  subject: '',
  approved: true,
  ...overrides,
});

const space = (overrides: Partial<SpaceAvailability> = {}): SpaceAvailability =>
  ({
    id: 's1',
    name: 'Desk 1',
    enabled: true,
    allowed: true,
    available: true,
    approvalRequired: false,
    bookings: [],
    ...overrides,
  }) as SpaceAvailability;

const ctx: StatusContext = {
  userId: 'me',
  userEmail: 'me@example.com',
  partialMaxHours: null,
  workdayStart: '09:00',
  workdayEnd: '17:00',
};

describe('space status', () => {
  it('follows the reference precedence: mine, buddy, not allowed, partial, free, booked', () => {
    expect(spaceStatus(space(), ctx)).toBe('available');
    expect(spaceStatus(space({ available: false, bookings: [booking()] }), ctx)).toBe('booked');
    expect(spaceStatus(space({ available: false, bookings: [booking({ userId: 'me' })] }), ctx)).toBe('mine');
    expect(
      spaceStatus(space({ available: false, bookings: [booking({ userId: '', userEmail: 'ME@example.com' })] }), ctx),
    ).toBe('mine');
    expect(spaceStatus(space({ available: false, allowed: false, bookings: [booking({ isBuddy: true })] }), ctx)).toBe(
      'buddy',
    );
    expect(spaceStatus(space({ allowed: false }), ctx)).toBe('disallowed');
    expect(spaceStatus(space({ enabled: false }), ctx)).toBe('disallowed');
  });

  it('is partially booked when the booked part of the working day is short', () => {
    const morning = space({
      available: false,
      bookings: [booking({ enter: '2030-09-02T07:00:00+02:00', leave: '2030-09-02T11:00:00+02:00' })],
    });
    expect(spaceStatus(morning, { ...ctx, partialMaxHours: 4 })).toBe('partial');
    expect(spaceStatus(morning, { ...ctx, partialMaxHours: 2 })).toBe('booked');
    expect(spaceStatus(morning, ctx)).toBe('booked');
  });

  it('reads the colours from the preferences, with defaults for missing or broken ones', () => {
    const colors = statusColors({ booked_color: '#123456', not_booked_color: 'green' });
    expect(colors.booked).toBe('#123456');
    expect(colors.available).toBe('#30d158');
  });

  it('picks readable label colours', () => {
    expect(readableTextOn('#eeeeee')).toBe('#000');
    expect(readableTextOn('#2415c5')).toBe('#fff');
    expect(readableTextOn('#fff')).toBe('#000');
  });
});
