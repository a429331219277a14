import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { roundHalfEven, spaceLoad, windowsIn } from './windows.js';

describe('statistics windows', () => {
  it("follow the area's calendar, weeks from Monday, DST days included", () => {
    const now = DateTime.fromISO('2030-03-31T12:00', { zone: 'Europe/Berlin' }); // a Sunday, DST starts
    const w = windowsIn('Europe/Berlin', now);
    expect(w.today.days).toBeCloseTo(23 / 24);
    expect(DateTime.fromJSDate(w.thisWeek.start, { zone: 'Europe/Berlin' }).toISO()).toBe(
      '2030-03-25T00:00:00.000+01:00',
    );
    expect(DateTime.fromJSDate(w.lastMonth.start, { zone: 'Europe/Berlin' }).toISODate()).toBe('2030-02-01');
    expect(w.lastMonth.days).toBe(28);
  });

  it("computes the load like the reference's worked example", () => {
    // 10 spaces, 40 h per week, one desk booked Mon–Fri 09:00–17:00.
    expect(spaceLoad(5 * 8 * 60, 10, 7, 40)).toBe(10);
    expect(spaceLoad(0, 10, 7, 40)).toBe(0);
    expect(spaceLoad(100, 0, 7, 40)).toBe(0);
    // Around the clock when the target is 0; not capped at 100.
    expect(spaceLoad(7 * 24 * 60, 1, 7, 0)).toBe(100);
    expect(spaceLoad(3 * 7 * 24 * 60, 1, 7, 40)).toBe(1260);
  });

  it('rounds half to even', () => {
    expect([0.5, 1.5, 2.5, 2.4, 2.6, 3.5].map(roundHalfEven)).toEqual([0, 2, 2, 2, 3, 4]);
  });
});
