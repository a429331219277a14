import { describe, expect, it } from 'vitest';
import { datePattern, dateText, parseDateText } from './date-text';

describe('dates as people type them', () => {
  it('reads each format in its own order', () => {
    expect(parseDateText('2026-03-15', 'Y-m-d')).toBe('2026-03-15');
    expect(parseDateText('15.03.2026', 'd.m.Y')).toBe('2026-03-15');
    expect(parseDateText('03/15/2026', 'm/d/Y')).toBe('2026-03-15');
    expect(parseDateText('15/03/2026', 'd/m/Y')).toBe('2026-03-15');
    // The same digits mean another day in another format.
    expect(parseDateText('04/03/2026', 'm/d/Y')).toBe('2026-04-03');
    expect(parseDateText('04/03/2026', 'd/m/Y')).toBe('2026-03-04');
  });

  it('takes one-digit days and months, other separators and spaces around the text', () => {
    expect(parseDateText('5.3.2026', 'd.m.Y')).toBe('2026-03-05');
    expect(parseDateText(' 3/5/2026 ', 'm/d/Y')).toBe('2026-03-05');
    expect(parseDateText('5-3-2026', 'd/m/Y')).toBe('2026-03-05');
    expect(parseDateText('5 . 3 . 2026', 'd.m.Y')).toBe('2026-03-05');
    expect(parseDateText('2026/03/05', 'Y-m-d')).toBe('2026-03-05');
  });

  it('always understands a whole ISO date, as pasted from elsewhere', () => {
    expect(parseDateText('2026-03-15', 'd.m.Y')).toBe('2026-03-15');
    expect(parseDateText('2026-03-15', 'm/d/Y')).toBe('2026-03-15');
  });

  it('refuses what is not yet a whole date: short years, a one-digit ISO day', () => {
    expect(parseDateText('15.03.20', 'd.m.Y')).toBeNull();
    expect(parseDateText('15.03.202', 'd.m.Y')).toBeNull();
    expect(parseDateText('15.03.', 'd.m.Y')).toBeNull();
    expect(parseDateText('2026-03-1', 'Y-m-d')).toBeNull();
    expect(parseDateText('2026-3-15', 'Y-m-d')).toBeNull();
    expect(parseDateText('', 'Y-m-d')).toBeNull();
  });

  it('refuses days that do not exist and text that is no date', () => {
    expect(parseDateText('31.04.2026', 'd.m.Y')).toBeNull();
    expect(parseDateText('29.02.2026', 'd.m.Y')).toBeNull();
    expect(parseDateText('29.02.2028', 'd.m.Y')).toBe('2028-02-29');
    expect(parseDateText('13/01/2026', 'm/d/Y')).toBeNull();
    expect(parseDateText('2026-13-01', 'Y-m-d')).toBeNull();
    expect(parseDateText('00.01.2026', 'd.m.Y')).toBeNull();
    expect(parseDateText('01.01.0999', 'd.m.Y')).toBeNull();
    expect(parseDateText('tomorrow', 'd.m.Y')).toBeNull();
    expect(parseDateText('15.03.2026x', 'd.m.Y')).toBeNull();
    expect(parseDateText('1.2.3.2026', 'd.m.Y')).toBeNull();
  });

  it('writes a date as the field shows it, and the format in the language’s letters', () => {
    expect(dateText('2026-03-05', 'Y-m-d')).toBe('2026-03-05');
    expect(dateText('2026-03-05', 'd.m.Y')).toBe('05.03.2026');
    expect(dateText('2026-03-05', 'm/d/Y')).toBe('03/05/2026');
    expect(dateText('2026-03-05', 'd/m/Y')).toBe('05/03/2026');
    expect(datePattern('d.m.Y', { day: 'TT', month: 'MM', year: 'JJJJ' })).toBe('TT.MM.JJJJ');
    expect(datePattern('Y-m-d', { day: 'NN', month: 'HH', year: 'ÉÉÉÉ' })).toBe('ÉÉÉÉ-HH-NN');
    // Letters that look like the format's own are not replaced twice.
    expect(datePattern('m/d/Y', { day: 'dd', month: 'mm', year: 'yyyy' })).toBe('mm/dd/yyyy');
  });
});
