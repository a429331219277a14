import { describe, expect, it } from 'vitest';
import { bookingCoverage, spanOf, unionCoverage } from './coverage';

const window = { enter: '2030-09-04T09:00', leave: '2030-09-04T17:00' };

describe('booking coverage', () => {
  it('reads the API times as the area wall clock', () => {
    expect(spanOf({ enter: '2030-09-04T09:00:00+02:00', leave: '2030-09-04T16:59:59+02:00' })).toEqual({
      enter: '2030-09-04T09:00',
      leave: '2030-09-04T16:59',
    });
  });

  it('counts a booking over the whole window as whole, also when it ends a second before', () => {
    expect(bookingCoverage({ enter: '2030-09-04T09:00', leave: '2030-09-04T17:00' }, window)).toBe('whole');
    expect(bookingCoverage({ enter: '2030-09-04T08:00', leave: '2030-09-04T18:00' }, window)).toBe('whole');
    expect(bookingCoverage({ enter: '2030-09-04T09:00', leave: '2030-09-04T16:59' }, window)).toBe('whole');
  });

  it('counts a booking that starts late or ends early as part', () => {
    expect(bookingCoverage({ enter: '2030-09-04T10:00', leave: '2030-09-04T17:00' }, window)).toBe('part');
    expect(bookingCoverage({ enter: '2030-09-04T09:00', leave: '2030-09-04T12:00' }, window)).toBe('part');
  });

  it('joins bookings that follow each other without a gap', () => {
    const morning = { enter: '2030-09-04T08:00', leave: '2030-09-04T12:00' };
    const afternoon = { enter: '2030-09-04T12:00', leave: '2030-09-04T17:00' };
    expect(unionCoverage([afternoon, morning], window)).toBe('whole');
    expect(unionCoverage([morning, { ...afternoon, enter: '2030-09-04T13:00' }], window)).toBe('part');
    expect(unionCoverage([afternoon], window)).toBe('part');
    expect(unionCoverage([], window)).toBe('part');
  });

  it('takes a daily booking ending 23:59:59 as the whole day', () => {
    const day = { enter: '2030-09-04T00:00', leave: '2030-09-04T23:59' };
    expect(bookingCoverage(spanOf({ enter: '2030-09-04T00:00:00Z', leave: '2030-09-04T23:59:59Z' }), day)).toBe(
      'whole',
    );
  });
});
