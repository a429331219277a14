import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { fromClientTime, toClientTime, toFakeUtc, weekdaysCovered } from './time.js';

describe('time conversion', () => {
  it('writes the wall clock with the real offset, matching the IANA database around DST changes', () => {
    const zones = [
      'Europe/Berlin',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
      'Pacific/Kiritimati',
      'Europe/London',
      'UTC',
    ];
    const start = Date.UTC(2030, 0, 1);
    for (const zone of zones) {
      for (let ms = start; ms < start + 366 * 86_400_000; ms += 3_600_000 * 7 + 17 * 60_000) {
        const expected = DateTime.fromMillis(ms, { zone })
          .set({ millisecond: 0 })
          .toISO({ suppressMilliseconds: true });
        expect(toClientTime(new Date(ms - (ms % 1000)), zone), `${zone} ${ms}`).toBe(expected);
      }
    }
  });

  it('reads fake UTC as wall clock in the zone, and writes it back', () => {
    const t = fromClientTime('2030-03-31T01:30:00Z', 'Europe/Berlin')!;
    expect(toClientTime(t, 'Europe/Berlin')).toBe('2030-03-31T01:30:00+01:00');
    expect(toFakeUtc(t, 'Europe/Berlin')).toBe('2030-03-31T01:30:00Z');
    expect(fromClientTime('not a time', 'UTC')).toBeNull();
    expect(fromClientTime('2030-02-30T10:00:00Z', 'UTC')).toBeNull();
  });

  it('lists the weekdays a range touches, midnight excluded', () => {
    const z = 'Europe/Berlin';
    const t = (iso: string) => DateTime.fromISO(iso, { zone: z });
    expect([...weekdaysCovered(t('2030-03-08T20:00'), t('2030-03-09T00:00'), z)]).toEqual([5]);
    expect([...weekdaysCovered(t('2030-03-08T20:00'), t('2030-03-10T01:00'), z)]).toEqual([5, 6, 0]);
  });
});
