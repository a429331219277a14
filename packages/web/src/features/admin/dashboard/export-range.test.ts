import { describe, expect, it } from 'vitest';
import { defaultExportRange, exportFileName, exportQuery, exportRangeProblem } from './export-range';

describe('CSV export range', () => {
  it('defaults to the first of the month until today', () => {
    expect(defaultExportRange(new Date(2030, 8, 17))).toEqual({ from: '2030-09-01', to: '2030-09-17' });
  });

  it('asks whole days as wall-clock times written with Z', () => {
    expect(exportQuery('2030-09-01', '2030-09-30')).toEqual({
      start: '2030-09-01T00:00:00Z',
      end: '2030-09-30T23:59:59Z',
    });
  });

  it('refuses missing days and a range that ends before it starts', () => {
    expect(exportRangeProblem('', '2030-09-30')).toEqual({ key: 'errorExportDates' });
    expect(exportRangeProblem('2030-10-01', '2030-09-30')).toEqual({ key: 'errorExportOrder' });
    expect(exportRangeProblem('2030-09-30', '2030-09-30')).toBeNull();
  });

  it('names the file after the days unless the server chose a specific name', () => {
    expect(exportFileName('attachment; filename="bookings.csv"', '2030-09-01', '2030-09-30')).toBe(
      'bookings-2030-09-01-2030-09-30.csv',
    );
    expect(exportFileName(null, '2030-09-01', '2030-09-02')).toBe('bookings-2030-09-01-2030-09-02.csv');
    expect(exportFileName('attachment; filename="q3.csv"', 'a', 'b')).toBe('q3.csv');
  });
});
