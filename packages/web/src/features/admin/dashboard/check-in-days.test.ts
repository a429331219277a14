import { describe, expect, it } from 'vitest';
import {
  checkInDaysFileName,
  checkInDaysQuery,
  dayPresetOf,
  dayPresetRange,
  dayRangeProblem,
  figuresPerDay,
  totalsOf,
  withFirstDay,
} from './check-in-days';

const row = (date: string, locationId: string, checkedIn: number, released: number, noShows = released) => ({
  date,
  locationId,
  bookings: checkedIn + released,
  checkedIn,
  noShows,
  released,
  rebooked: 0,
});

describe('check-in per day', () => {
  it('offers weeks from the user’s first weekday, the last 30 days and last month', () => {
    // Wednesday, 18 September 2030.
    expect(dayPresetRange('thisWeek', '2030-09-18', 1)).toEqual({ from: '2030-09-16', to: '2030-09-22' });
    expect(dayPresetRange('lastWeek', '2030-09-18', 0)).toEqual({ from: '2030-09-08', to: '2030-09-14' });
    expect(dayPresetRange('last30', '2030-09-18', 1)).toEqual({ from: '2030-08-20', to: '2030-09-18' });
    expect(dayPresetRange('lastMonth', '2030-03-31', 1)).toEqual({ from: '2030-02-01', to: '2030-02-28' });
    expect(dayPresetRange('lastMonth', '2031-01-05', 1)).toEqual({ from: '2030-12-01', to: '2030-12-31' });
    expect(dayPresetOf({ from: '2030-08-01', to: '2030-08-31' }, '2030-09-18', 1)).toBe('lastMonth');
    expect(dayPresetOf({ from: '2030-08-01', to: '2030-08-30' }, '2030-09-18', 1)).toBeNull();
  });

  it('asks at most 92 days, in order; moving the first day keeps the range valid', () => {
    expect(dayRangeProblem({ from: '', to: '2030-09-30' })).toBe('missing');
    expect(dayRangeProblem({ from: '2030-10-01', to: '2030-09-30' })).toBe('order');
    expect(dayRangeProblem({ from: '2030-01-01', to: '2030-04-02' })).toBeNull();
    expect(dayRangeProblem({ from: '2030-01-01', to: '2030-04-03' })).toBe('tooLong');
    expect(withFirstDay({ from: '2030-05-01', to: '2030-05-10' }, '2030-05-20')).toEqual({
      from: '2030-05-20',
      to: '2030-05-20',
    });
    expect(withFirstDay({ from: '2030-05-01', to: '2030-12-31' }, '2030-01-01')).toEqual({
      from: '2030-01-01',
      to: '2030-04-02',
    });
    expect(checkInDaysQuery({ from: '2030-05-01', to: '2030-05-02' }, '')).toEqual({
      from: '2030-05-01',
      to: '2030-05-02',
    });
    expect(checkInDaysQuery({ from: '2030-05-01', to: '2030-05-02' }, 'a1').locationId).toBe('a1');
  });

  it('adds up the areas per day, every day of the range, with the rate of days that have an outcome', () => {
    const days = figuresPerDay({ from: '2030-09-01', to: '2030-09-03' }, [
      row('2030-09-01', 'a', 3, 1),
      row('2030-09-01', 'b', 0, 2, 1),
      row('2030-09-03', 'a', 1, 0),
      row('2030-09-04', 'a', 9, 9),
    ]);
    expect(days.map((d) => [d.date, d.checkedIn, d.noShows, d.released, d.rate])).toEqual([
      ['2030-09-01', 3, 2, 3, 50],
      ['2030-09-02', 0, 0, 0, null],
      ['2030-09-03', 1, 0, 0, 100],
    ]);
    expect(totalsOf(days)).toEqual({ bookings: 7, checkedIn: 4, noShows: 2, released: 3, rebooked: 0 });
  });

  it('saves the file under the server’s name, else one with the days', () => {
    const r = { from: '2030-09-01', to: '2030-09-30' };
    expect(checkInDaysFileName('attachment; filename="check-in-x.csv"', r)).toBe('check-in-x.csv');
    expect(checkInDaysFileName(null, r)).toBe('check-in-2030-09-01-2030-09-30.csv');
  });
});
