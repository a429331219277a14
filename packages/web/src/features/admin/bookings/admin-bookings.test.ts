import { describe, expect, it } from 'vitest';
import { pageOf, rangeProblem, readListState, writeListState } from './admin-bookings';

describe('admin booking list state', () => {
  it('defaults to a week either side of today and leaves defaults out of the address', () => {
    const state = readListState(new URLSearchParams(''), '2030-09-10');
    expect(state).toEqual({
      filter: { from: '2030-09-03', to: '2030-09-17', area: '', user: '', state: '' },
      page: 0,
    });
    expect(writeListState(state, '2030-09-10').toString()).toBe('');
  });

  it('reads and writes filters and the page (1-based in the address)', () => {
    const params = new URLSearchParams(
      'from=2030-01-01&to=2030-01-31&area=a1&user=ada%40example.com&state=released&page=3',
    );
    const state = readListState(params, '2030-09-10');
    expect(state).toEqual({
      filter: { from: '2030-01-01', to: '2030-01-31', area: 'a1', user: 'ada@example.com', state: 'released' },
      page: 2,
    });
    expect(writeListState(state, '2030-09-10').toString()).toBe(params.toString());
  });

  it('ignores dates, states and pages it cannot read', () => {
    const state = readListState(new URLSearchParams('from=2030-02-30&page=-4&state=gone'), '2030-09-10');
    expect(state.filter.state).toBe('');
    expect(state.filter.from).toBe('2030-09-03');
    expect(state.page).toBe(0);
  });
});

describe('date window', () => {
  it('needs both dates in order, at most a year apart', () => {
    expect(rangeProblem('2030-09-01', '2030-09-01')).toBeNull();
    expect(rangeProblem('', '2030-09-01')).toBe('adminBookingsRangeMissing');
    expect(rangeProblem('2030-09-02', '2030-09-01')).toBe('adminBookingsRangeReversed');
    expect(rangeProblem('2030-01-01', '2030-12-31')).toBeNull();
    expect(rangeProblem('2030-01-01', '2031-01-02')).toBe('adminBookingsRangeTooLong');
  });
});

describe('paging', () => {
  const rows = Array.from({ length: 312 }, (_, i) => i);

  it('gives fifty rows a page with their positions', () => {
    expect(pageOf(rows, 0)).toMatchObject({ page: 0, lastPage: 6, first: 1, last: 50, total: 312 });
    const last = pageOf(rows, 6);
    expect(last).toMatchObject({ first: 301, last: 312 });
    expect(last.rows).toHaveLength(12);
  });

  it('shows the last page when asked past the end, and nothing for no rows', () => {
    expect(pageOf(rows, 99).page).toBe(6);
    expect(pageOf([], 3)).toMatchObject({ rows: [], page: 0, lastPage: 0, first: 0, last: 0, total: 0 });
  });
});
