import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { occurrences, type Recurrence } from './occurrences.js';

const zone = 'Europe/Berlin';
const at = (iso: string) => DateTime.fromISO(iso, { zone });
const fmt = (r: Recurrence) =>
  occurrences(r)!.map((o) => `${o.enter.toFormat('ccc yyyy-MM-dd HH:mm')}-${o.leave.toFormat('HH:mm')}`);

describe('recurrence', () => {
  it('repeats daily every N days while the start is before the end', () => {
    const r = {
      enter: at('2030-01-07T09:00'),
      leave: at('2030-01-07T17:00'),
      end: at('2030-01-12T09:00'),
      cadence: 1,
      cycle: 2,
      weekdays: [],
    };
    expect(fmt(r)).toEqual(['Mon 2030-01-07 09:00-17:00', 'Wed 2030-01-09 09:00-17:00', 'Fri 2030-01-11 09:00-17:00']);
  });

  it('repeats weekly on the chosen weekdays, every N weeks, starting at the first chosen day', () => {
    // Starts on a Sunday; Monday and Thursday every second week.
    const r = {
      enter: at('2030-01-06T08:00'),
      leave: at('2030-01-06T12:00'),
      end: at('2030-02-01T00:00'),
      cadence: 2,
      cycle: 2,
      weekdays: [4, 1],
    };
    expect(fmt(r)).toEqual([
      'Mon 2030-01-07 08:00-12:00',
      'Thu 2030-01-10 08:00-12:00',
      'Mon 2030-01-21 08:00-12:00',
      'Thu 2030-01-24 08:00-12:00',
    ]);
  });

  it('keeps the wall clock across a DST change', () => {
    const r = {
      enter: at('2030-03-29T09:00'),
      leave: at('2030-03-29T17:00'),
      end: at('2030-04-02T00:00'),
      cadence: 1,
      cycle: 1,
      weekdays: [],
    };
    const list = occurrences(r)!;
    expect(list.map((o) => o.enter.toFormat('HH:mm ZZ'))).toEqual([
      '09:00 +01:00',
      '09:00 +01:00',
      '09:00 +02:00',
      '09:00 +02:00',
    ]);
    expect(list.map((o) => o.leave.diff(o.enter, 'hours').hours)).toEqual([8, 8, 8, 8]);
  });

  it('keeps an overnight span', () => {
    const r = {
      enter: at('2030-01-07T22:00'),
      leave: at('2030-01-08T06:00'),
      end: at('2030-01-09T00:00'),
      cadence: 1,
      cycle: 1,
      weekdays: [],
    };
    expect(occurrences(r)!.map((o) => o.leave.toISODate())).toEqual(['2030-01-08', '2030-01-09']);
  });

  it('gives nothing without weekdays and refuses more than 365 occurrences', () => {
    expect(
      occurrences({
        enter: at('2030-01-07T09:00'),
        leave: at('2030-01-07T10:00'),
        end: at('2030-02-07T00:00'),
        cadence: 2,
        cycle: 1,
        weekdays: [],
      }),
    ).toEqual([]);
    const long = { enter: at('2030-01-01T09:00'), leave: at('2030-01-01T10:00'), cadence: 1, cycle: 1, weekdays: [] };
    expect(occurrences({ ...long, end: at('2030-12-31T10:00') })).toHaveLength(365);
    expect(occurrences({ ...long, end: at('2031-01-01T10:00') })).toBeNull();
  });
});
