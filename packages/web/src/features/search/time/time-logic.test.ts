import { describe, expect, it } from 'vitest';
import { bookingRulesFrom, EnterTime, timePrefsFrom, type BookingRules, type TimePrefs } from './booking-prefs';
import { defaultWindow, moveToDate, nextBusinessDay, normaliseWindow, toApiWindow } from './booking-window';
import { formatDate, formatRange, formatTime } from './format-time';
import { searchHints } from './search-hints';
import {
  addMinutes,
  browserZone,
  convertWallTime,
  daysBetween,
  fromApiTime,
  isWallTime,
  nowInZone,
  toFakeUtc,
  userZone,
  weekdayOf,
} from './wall-time';

const prefs = (overrides: Partial<TimePrefs> = {}): TimePrefs => ({ ...timePrefsFrom({}), ...overrides });
const rules = (overrides: Partial<BookingRules> = {}): BookingRules => ({
  ...bookingRulesFrom({}, false),
  ...overrides,
});

describe('fake-UTC conversion', () => {
  it('sends the area wall clock written as UTC', () => {
    expect(toFakeUtc('2030-09-01T08:30')).toBe('2030-09-01T08:30:00Z');
    expect(toFakeUtc('2030-09-01T23:59', 59)).toBe('2030-09-01T23:59:59Z');
  });

  it('reads the wall clock from an answer with a real offset, whatever the offset', () => {
    expect(fromApiTime('2030-09-01T08:30:00+02:00')).toBe('2030-09-01T08:30');
    expect(fromApiTime('2030-09-01T09:30:00-05:00')).toBe('2030-09-01T09:30');
    expect(fromApiTime('2030-09-01T08:30:00.000Z')).toBe('2030-09-01T08:30');
    expect(() => fromApiTime('yesterday')).toThrow();
  });

  it('round-trips without the browser zone getting involved, also on a daylight-saving day', () => {
    // 02:30 does not exist in Berlin on 2030-03-31; as an area wall clock it is still just digits.
    const wall = fromApiTime('2030-03-31T02:30:00+02:00');
    expect(toFakeUtc(wall)).toBe('2030-03-31T02:30:00Z');
    expect(addMinutes(wall, 60)).toBe('2030-03-31T03:30');
  });

  it('reads the current wall clock of an area zone', () => {
    const instant = new Date('2030-09-01T06:30:00Z');
    expect(nowInZone('Europe/Berlin', instant)).toBe('2030-09-01T08:30');
    expect(nowInZone('America/New_York', instant)).toBe('2030-09-01T02:30');
    expect(nowInZone('UTC', new Date('2030-12-31T23:59:00Z'))).toBe('2030-12-31T23:59');
  });

  it("shows an area's wall clock on the user's own clock", () => {
    expect(convertWallTime('2030-09-01T09:00', 'Europe/London', 'America/New_York')).toBe('2030-09-01T04:00');
    expect(convertWallTime('2030-09-01T23:30', 'Europe/Berlin', 'Asia/Tokyo')).toBe('2030-09-02T06:30');
    expect(convertWallTime('2030-09-01T09:00', 'Australia/Lord_Howe', 'Australia/Lord_Howe')).toBe('2030-09-01T09:00');
    // Winter in Lord Howe: half an hour ahead of Sydney; in summer both are on +11.
    expect(convertWallTime('2030-07-01T09:00', 'Australia/Lord_Howe', 'Australia/Sydney')).toBe('2030-07-01T08:30');
    expect(convertWallTime('2030-12-01T09:00', 'Australia/Lord_Howe', 'Australia/Sydney')).toBe('2030-12-01T09:00');
    // Berlin skips 02:00–03:00 on 2030-03-31: 02:30 is read as 02:30 winter time, i.e. 01:30 UTC.
    expect(convertWallTime('2030-03-31T02:30', 'Europe/Berlin', 'UTC')).toBe('2030-03-31T01:30');
    expect(convertWallTime('2030-03-31T03:30', 'Europe/Berlin', 'UTC')).toBe('2030-03-31T01:30');
    expect(convertWallTime('2030-03-31T01:30', 'Europe/Berlin', 'UTC')).toBe('2030-03-31T00:30');
  });

  it("takes the user's zone from the preference, else from the device", () => {
    expect(userZone('America/New_York')).toBe('America/New_York');
    expect(userZone('')).toBe(browserZone());
    expect(userZone('Mars/Olympus_Mons')).toBe(browserZone());
    expect(userZone(undefined)).toBe(browserZone());
  });

  it('does calendar arithmetic across months and years', () => {
    expect(addMinutes('2030-12-31T23:30', 45)).toBe('2031-01-01T00:15');
    expect(daysBetween('2030-02-27', '2030-03-02')).toBe(3);
    expect(weekdayOf('2030-09-01')).toBe(0);
    expect(isWallTime('2030-02-30T10:00')).toBe(false);
    expect(isWallTime('2030-02-28T10:00')).toBe(true);
  });
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

  it('reads the preference values and falls back to the server defaults', () => {
    const p = timePrefsFrom({ enter_time: '3', workday_start: '08:00', workdays: '1,3', use_24_hour_time: '0' });
    expect(p).toMatchObject({ enterTime: 3, workdayStart: '08:00', workdayEnd: '17:00', workdays: [1, 3] });
    expect(p.use24Hour).toBe(false);
    expect(timePrefsFrom({ enter_time: '9', workday_start: '25:00' })).toMatchObject({
      enterTime: 1,
      workdayStart: '09:00',
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
    expect(hints).toEqual([{ key: 'errorMaxBookingDuration', values: { num: 48 } }]);
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
    ).toEqual([{ key: 'errorMinBookingDuration', values: { num: 2 } }]);
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

describe('formatting in the user format', () => {
  it('writes dates and times as the preferences say', () => {
    expect(formatDate('2030-09-02', { dateFormat: 'd.m.Y' }, 'de', false)).toBe('02.09.2030');
    expect(formatDate('2030-09-02', { dateFormat: 'm/d/Y' }, 'en', true)).toBe('Mon, 09/02/2030');
    expect(formatTime('2030-09-02T17:05', { use24Hour: true }, 'en')).toBe('17:05');
    expect(formatTime('2030-09-02T17:05', { use24Hour: false }, 'en')).toBe('5:05 PM');
    expect(formatRange('2030-09-02T09:00', '2030-09-02T17:00', prefs(), 'en')).toBe('Mon, 2030-09-02, 09:00 – 17:00');
  });
});
