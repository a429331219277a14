import { describe, expect, it } from 'vitest';
import { EnterTime, timePrefsFrom, type TimePrefs } from '../../../shared/time/time-prefs';
import { bookingRulesFrom, type BookingRules } from './booking-rules';
import {
  defaultWindow,
  moveToDate,
  nextBusinessDay,
  normaliseWindow,
  toApiWindow,
  walkUpWindow,
  fitWalkUpWindow,
} from './booking-window';
import { searchHints } from './search-hints';

const prefs = (overrides: Partial<TimePrefs> = {}): TimePrefs => ({ ...timePrefsFrom({}), ...overrides });
const rules = (overrides: Partial<BookingRules> = {}): BookingRules => ({
  ...bookingRulesFrom({}, false),
  ...overrides,
});

describe('default window from the preferences', () => {
  // 2030-09-02 is a Monday.
  it('earliest possible: the next full hour until the end of the working day', () => {
    expect(defaultWindow('2030-09-02T10:20', prefs(), rules())).toEqual({
      enter: '2030-09-02T11:00',
      leave: '2030-09-02T17:00',
    });
  });

  it('earliest possible before the working day starts: the workday start', () => {
    expect(defaultWindow('2030-09-02T06:05', prefs(), rules())).toEqual({
      enter: '2030-09-02T09:00',
      leave: '2030-09-02T17:00',
    });
  });

  it('earliest possible after working hours: the next business day (Friday evening → Monday)', () => {
    expect(defaultWindow('2030-09-06T18:00', prefs(), rules())).toEqual({
      enter: '2030-09-09T09:00',
      leave: '2030-09-09T17:00',
    });
  });

  it('next day and next business day', () => {
    const friday = '2030-09-06T08:00';
    expect(defaultWindow(friday, prefs({ enterTime: EnterTime.NextDay }), rules()).enter).toBe('2030-09-07T09:00');
    expect(defaultWindow(friday, prefs({ enterTime: EnterTime.NextBusinessDay }), rules()).enter).toBe(
      '2030-09-09T09:00',
    );
    expect(nextBusinessDay('2030-09-06', [])).toBe('2030-09-07');
  });

  it('uses the working hours of the preferences and keeps within the longest booking', () => {
    const own = prefs({ workdayStart: '07:30', workdayEnd: '19:00' });
    expect(defaultWindow('2030-09-02T05:00', own, rules({ maxDurationHours: 8 }))).toEqual({
      enter: '2030-09-02T07:30',
      leave: '2030-09-02T15:30',
    });
  });
});

describe('daily basis', () => {
  const daily = rules({ dailyBasis: true });

  it('books whole days, today included even late in the evening', () => {
    expect(defaultWindow('2030-09-02T22:10', prefs(), daily)).toEqual({
      enter: '2030-09-02T00:00',
      leave: '2030-09-02T23:59',
    });
    expect(defaultWindow('2030-09-06T10:00', prefs({ enterTime: EnterTime.NextBusinessDay }), daily).enter).toBe(
      '2030-09-09T00:00',
    );
  });

  it('sends the last second of the last day and turns picked times into whole days', () => {
    const window = normaliseWindow({ enter: '2030-09-02T10:00', leave: '2030-09-03T12:00' }, true);
    expect(window).toEqual({ enter: '2030-09-02T00:00', leave: '2030-09-03T23:59' });
    expect(toApiWindow(window, true)).toEqual({ enter: '2030-09-02T00:00:00Z', leave: '2030-09-03T23:59:59Z' });
    expect(toApiWindow({ enter: '2030-09-02T09:00', leave: '2030-09-02T17:00' }, false).leave).toBe(
      '2030-09-02T17:00:00Z',
    );
  });

  it('counts days for the duration limits', () => {
    const hints = searchHints({
      areaId: 'a',
      window: { enter: '2030-09-02T00:00', leave: '2030-09-04T23:59' },
      now: '2030-09-02T12:00',
      rules: { ...daily, maxDurationHours: 48 },
      upcomingCount: 0,
    });
    expect(hints).toEqual([{ key: 'errorMaxBookingDuration', values: { count: 48 } }]);
  });
});

describe('moving the window to another day', () => {
  it('keeps its times and length', () => {
    expect(moveToDate({ enter: '2030-09-02T22:00', leave: '2030-09-03T02:00' }, '2030-09-10')).toEqual({
      enter: '2030-09-10T22:00',
      leave: '2030-09-11T02:00',
    });
  });
});

describe('hints before booking', () => {
  const base = { areaId: 'a', now: '2030-09-02T10:00', rules: rules(), upcomingCount: 0 };

  it('asks for an area, a future enter and a leave after the enter', () => {
    expect(
      searchHints({ ...base, areaId: null, window: { enter: '2030-09-02T09:00', leave: '2030-09-02T08:00' } }),
    ).toEqual([{ key: 'errorPickArea' }, { key: 'errorEnterFuture' }, { key: 'errorLeaveAfterEnter' }]);
  });

  it('explains the limits with their numbers', () => {
    const hints = searchHints({
      ...base,
      rules: rules({ maxDaysInAdvance: 3, maxDurationHours: 4, minDurationHours: 2 }),
      window: { enter: '2030-09-10T09:00', leave: '2030-09-10T18:00' },
      upcomingCount: 10,
    });
    expect(hints.map((h) => h.key)).toEqual(['errorDaysAdvance', 'errorMaxBookingDuration', 'errorBookingLimit']);
    expect(
      searchHints({
        ...base,
        rules: rules({ minDurationHours: 2 }),
        window: { enter: '2030-09-02T11:00', leave: '2030-09-02T12:00' },
      }),
    ).toEqual([{ key: 'errorMinBookingDuration', values: { count: 2 } }]);
  });

  it('lets exempt admins past the limits but not into the past', () => {
    const window = { enter: '2030-12-01T09:00', leave: '2030-12-01T23:00' };
    expect(searchHints({ ...base, rules: rules({ exempt: true }), window })).toEqual([]);
    expect(
      searchHints({
        ...base,
        rules: rules({ exempt: true }),
        window: { enter: '2030-09-01T09:00', leave: window.leave },
      }),
    ).toEqual([{ key: 'errorEnterFuture' }]);
  });
});

describe('the walk-up window (a free space scanned)', () => {
  it('runs from now, to the next five minutes, until the end of the working day, whatever the notice preference', () => {
    expect(walkUpWindow('2030-09-02T09:07', prefs({ enterTime: EnterTime.NextDay }), rules())).toEqual({
      enter: '2030-09-02T09:10',
      leave: '2030-09-02T17:00',
    });
    expect(walkUpWindow('2030-09-02T13:00', prefs(), rules({ maxDurationHours: 2 }))).toEqual({
      enter: '2030-09-02T13:00',
      leave: '2030-09-02T15:00',
    });
  });

  it('gives an hour after the working day, stays within the day, and takes the whole day when bookings are daily', () => {
    expect(walkUpWindow('2030-09-06T18:02', prefs(), rules())).toEqual({
      enter: '2030-09-06T18:05',
      leave: '2030-09-06T19:05',
    });
    expect(walkUpWindow('2030-09-06T23:58', prefs(), rules()).enter).toBe('2030-09-06T23:55');
    expect(walkUpWindow('2030-09-06T10:00', prefs(), rules({ dailyBasis: true }))).toEqual(
      defaultWindow('2030-09-06T10:00', prefs(), rules({ dailyBasis: true })),
    );
  });
});

describe('the walk-up window fitted to the space', () => {
  const walkUp = { enter: '2030-09-02T09:10', leave: '2030-09-02T17:00' };
  const at = (enter: string, leave: string) => ({ enter: `2030-09-02T${enter}:00Z`, leave: `2030-09-02T${leave}:00Z` });

  it('ends where the next booking begins, whichever comes first in the list', () => {
    expect(fitWalkUpWindow(walkUp, [at('15:00', '16:00'), at('13:30', '14:00')], false)).toEqual({
      enter: '2030-09-02T09:10',
      leave: '2030-09-02T13:30',
    });
  });

  it('stays as it is when the space is free until the end, or its bookings ended before now', () => {
    expect(fitWalkUpWindow(walkUp, [at('08:00', '09:10'), at('17:00', '18:00')], false)).toBe(walkUp);
    expect(fitWalkUpWindow(walkUp, [], false)).toBe(walkUp);
  });

  it('is null when a booking covers now: the space is taken', () => {
    expect(fitWalkUpWindow(walkUp, [at('09:00', '09:30')], false)).toBeNull();
    expect(fitWalkUpWindow(walkUp, [at('09:10', '10:00')], false)).toBeNull();
  });

  it('leaves a whole-day window alone', () => {
    const day = { enter: '2030-09-02T00:00', leave: '2030-09-02T23:59' };
    expect(fitWalkUpWindow(day, [at('13:00', '14:00')], true)).toBe(day);
  });
});
