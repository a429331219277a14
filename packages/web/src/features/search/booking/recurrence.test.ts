import { describe, expect, it } from 'vitest';
import { initialRecurrence, recurrenceProblem, recurringBody, type Recurrence } from './recurrence';

const window = { enter: '2030-09-04T09:00', leave: '2030-09-04T17:00' };

describe('recurrence', () => {
  it('starts weekly on the booking weekday until the advance limit', () => {
    expect(initialRecurrence(window, 14, '2030-09-02')).toEqual({
      mode: 'never',
      cycle: 1,
      weekdays: [3],
      until: '2030-09-16',
    });
  });

  it('builds the API body with an exclusive end and sorted weekdays', () => {
    const body = recurringBody(
      's1',
      '',
      { enter: '2030-09-04T09:00:00Z', leave: '2030-09-04T17:00:00Z' },
      { mode: 'weekly', cycle: 2, weekdays: [5, 3, 3], until: '2030-09-30' },
    );
    expect(body).toEqual({
      spaceId: 's1',
      subject: '',
      enter: '2030-09-04T09:00:00Z',
      leave: '2030-09-04T17:00:00Z',
      end: '2030-10-01T00:00:00Z',
      cadence: 2,
      cycle: 2,
      weekdays: [3, 5],
    });
    expect(
      recurringBody('s1', 'x', body, { mode: 'daily', cycle: 1, weekdays: [3], until: '2030-09-05' }),
    ).toMatchObject({
      cadence: 1,
      weekdays: [],
      end: '2030-09-06T00:00:00Z',
    });
  });

  it('finds what is missing', () => {
    const base: Recurrence = { mode: 'weekly', cycle: 1, weekdays: [3], until: '2030-09-10' };
    expect(recurrenceProblem({ ...base, weekdays: [] }, window)).toBe('noWeekdays');
    expect(recurrenceProblem({ ...base, until: '2030-09-01' }, window)).toBe('untilBeforeStart');
    expect(recurrenceProblem({ ...base, cycle: 0 }, window)).toBe('badCycle');
    expect(recurrenceProblem({ ...base, mode: 'never', cycle: 0 }, window)).toBeNull();
  });
});
