import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatInstant,
  formatInstantTime,
  formatRange,
  formatTime,
  orderedWeekdays,
  weekdayNames,
} from './format-time';
import { timePrefsFrom, type TimePrefs } from './time-prefs';
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

describe('time preferences', () => {
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

describe('formatting in the user format', () => {
  it('writes dates and times as the preferences say', () => {
    expect(formatDate('2030-09-02', { dateFormat: 'd.m.Y' }, 'de', false)).toBe('02.09.2030');
    expect(formatDate('2030-09-02', { dateFormat: 'm/d/Y' }, 'en', true)).toBe('Mon, 09/02/2030');
    expect(formatTime('2030-09-02T17:05', { use24Hour: true }, 'en')).toBe('17:05');
    expect(formatTime('2030-09-02T17:05', { use24Hour: false }, 'en')).toBe('5:05 PM');
    expect(formatRange('2030-09-02T09:00', '2030-09-02T17:00', prefs(), 'en')).toBe('Mon, 2030-09-02, 09:00 – 17:00');
  });

  it('orders the week by the user preference', () => {
    expect(orderedWeekdays(timePrefsFrom({}).weekStartDay)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(orderedWeekdays(timePrefsFrom({ week_start_day: '0' }).weekStartDay)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(orderedWeekdays(timePrefsFrom({ week_start_day: '6' }).weekStartDay)).toEqual([6, 0, 1, 2, 3, 4, 5]);
    expect(orderedWeekdays(timePrefsFrom({ week_start_day: '3' }).weekStartDay)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(weekdayNames('en', 'short')[1]).toBe('Mon');
    expect(weekdayNames('de', 'long')[0]).toBe('Sonntag');
  });
});

describe('instants (sessions, last activity, sign-ins)', () => {
  // 22:30 UTC is 23:30 in Berlin (winter time) and the next day in Tokyo.
  const instant = '2026-11-23T22:30:15Z';

  it('follows the date format and the 24-hour clock in the user zone', () => {
    const iso24 = prefs({ dateFormat: 'Y-m-d', use24Hour: true });
    expect(formatInstant(instant, 'Europe/Berlin', iso24, 'en', false)).toBe('2026-11-23, 23:30');
    expect(formatInstant(instant, 'Europe/Berlin', iso24, 'en')).toBe('2026-11-23, 23:30:15');
    expect(formatInstant(instant, 'Asia/Tokyo', iso24, 'en', false)).toBe('2026-11-24, 07:30');
    expect(formatInstant(instant, 'UTC', prefs({ dateFormat: 'd.m.Y', use24Hour: true }), 'de', false)).toBe(
      '23.11.2026, 22:30',
    );
  });

  it('uses the 12-hour clock when chosen, whatever the language would do', () => {
    const us = prefs({ dateFormat: 'm/d/Y', use24Hour: false });
    expect(formatInstant(instant, 'Europe/Berlin', us, 'en', false)).toMatch(/^11\/23\/2026, 11:30\s?PM$/);
    // German writes 24-hour times by default; the preference wins.
    expect(formatInstantTime(instant, 'Europe/Berlin', us, 'de')).toMatch(/^11:30\s?PM$/);
    expect(formatInstantTime(instant, 'Europe/Berlin', prefs({ use24Hour: true }), 'en')).toBe('23:30');
  });

  it('takes milliseconds and dates too, and shows unreadable values as they came', () => {
    const iso24 = prefs({ dateFormat: 'Y-m-d', use24Hour: true });
    expect(formatInstantTime(Date.parse(instant), 'UTC', iso24, 'en')).toBe('22:30');
    expect(formatInstant(new Date(instant), 'UTC', iso24, 'en', false)).toBe('2026-11-23, 22:30');
    expect(formatInstant('soon', 'UTC', iso24, 'en')).toBe('soon');
    expect(formatInstantTime('soon', 'UTC', iso24, 'en')).toBe('soon');
  });
});
