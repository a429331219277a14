import type { PresenceReport } from '@perch/contract';
import { describe, expect, it } from 'vitest';
import {
  dayCount,
  headcountPerDay,
  presenceCsv,
  presenceFileName,
  presenceQuery,
  presetOf,
  presetRange,
  rangeProblem,
  shownRows,
  withFrom,
} from './presence-model';

// 2030-09-04 is a Wednesday.
const TODAY = '2030-09-04';

describe('presence ranges', () => {
  it('knows this, last and next week from the user’s first weekday, and the last N days', () => {
    expect(presetRange('thisWeek', TODAY, 1)).toEqual({ from: '2030-09-02', to: '2030-09-08' });
    expect(presetRange('thisWeek', TODAY, 0)).toEqual({ from: '2030-09-01', to: '2030-09-07' });
    expect(presetRange('thisWeek', TODAY, 6)).toEqual({ from: '2030-08-31', to: '2030-09-06' });
    expect(presetRange('lastWeek', TODAY, 1)).toEqual({ from: '2030-08-26', to: '2030-09-01' });
    expect(presetRange('nextWeek', TODAY, 1)).toEqual({ from: '2030-09-09', to: '2030-09-15' });
    expect(presetRange('last7', TODAY, 1)).toEqual({ from: '2030-08-29', to: TODAY });
    expect(dayCount(presetRange('last30', TODAY, 1))).toBe(30);
    expect(presetOf({ from: '2030-09-02', to: '2030-09-08' }, TODAY, 1)).toBe('thisWeek');
    expect(presetOf({ from: '2030-09-02', to: '2030-09-09' }, TODAY, 1)).toBeNull();
  });

  it('allows up to 31 days, both included, and says what is wrong otherwise', () => {
    expect(rangeProblem({ from: '2030-01-01', to: '2030-01-31' })).toBeNull();
    expect(rangeProblem({ from: '2030-01-01', to: '2030-02-01' })).toBe('tooLong');
    expect(rangeProblem({ from: '2030-01-02', to: '2030-01-01' })).toBe('order');
    expect(rangeProblem({ from: '', to: '2030-01-01' })).toBe('missing');
  });

  it('moves the last day along when a new first day would make the range invalid', () => {
    expect(withFrom({ from: '2030-01-10', to: '2030-01-20' }, '2030-01-05')).toEqual({
      from: '2030-01-05',
      to: '2030-01-20',
    });
    expect(withFrom({ from: '2030-01-10', to: '2030-01-20' }, '2030-01-25')).toEqual({
      from: '2030-01-25',
      to: '2030-01-25',
    });
    expect(withFrom({ from: '2030-03-10', to: '2030-03-20' }, '2030-01-01')).toEqual({
      from: '2030-01-01',
      to: '2030-01-31',
    });
  });

  it('asks from the first midnight to the midnight after the last day, with the area when one is chosen', () => {
    expect(presenceQuery({ from: '2030-01-30', to: '2030-02-01' }, '')).toEqual({
      start: '2030-01-30T00:00:00Z',
      end: '2030-02-02T00:00:00Z',
    });
    expect(presenceQuery({ from: '2030-01-30', to: '2030-01-30' }, 'a1').locationId).toBe('a1');
  });
});

const REPORT: PresenceReport = {
  users: [
    { userId: '1', email: 'ann@example.com', firstname: 'Ann', lastname: 'Able' },
    { userId: '2', email: 'bob@example.com', firstname: '', lastname: '' },
    { userId: '3', email: 'cat@example.com', firstname: '=cmd()', lastname: 'Comma, Jr.' },
  ],
  dates: ['2030-09-02', '2030-09-03', '2030-09-04'],
  presences: [
    [1, 0, 2],
    [0, 0, 0],
    [0, 1, 1],
  ],
};

describe('presence figures', () => {
  it('counts people in per day, not bookings', () => {
    expect(headcountPerDay(REPORT)).toEqual([1, 1, 2]);
  });

  it('shows people with a booking unless everyone is asked for', () => {
    expect(shownRows(REPORT, false)).toEqual([0, 2]);
    expect(shownRows(REPORT, true)).toEqual([0, 1, 2]);
  });

  it('writes the shown rows as CSV with ISO dates, quoting and neutralising formulas', () => {
    expect(presenceCsv(REPORT, [0, 2]).split('\r\n')).toEqual([
      'email,firstname,lastname,2030-09-02,2030-09-03,2030-09-04,days',
      'ann@example.com,Ann,Able,1,0,2,2',
      `cat@example.com,'=cmd(),"Comma, Jr.",0,1,1,2`,
      '',
    ]);
    expect(presenceFileName(REPORT)).toBe('presence-2030-09-02-2030-09-04.csv');
  });
});
