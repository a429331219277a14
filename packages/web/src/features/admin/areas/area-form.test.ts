import { describe, expect, it } from 'vitest';
import { area } from '../test-support/admin-fixtures';
import { validateMinutes, validateTimeOfDay } from '../ui/check-in-policy';
import { areaFormValues, areaSaveBody, attributeChanges, validateBookableDays, validateCapacity } from './area-form';

describe('area form', () => {
  it('starts a new area enabled, bookable every day, without a capacity limit', () => {
    const values = areaFormValues(undefined);
    expect(values).toMatchObject({ enabled: true, limitConcurrent: false, timezone: '' });
    expect(values.bookableDays).toEqual(['0', '1', '2', '3', '4', '5', '6']);
  });

  it('sends all seven days as "no restriction" and keeps the floor-plan fields', () => {
    const existing = area({ mapScale: 2, mapType: 'designed', bookableDays: [1, 2, 3, 4, 5] });
    const values = areaFormValues(existing);
    expect(values.bookableDays).toEqual(['1', '2', '3', '4', '5']);
    expect(areaSaveBody({ ...values, bookableDays: ['6', '0', '1', '2', '3', '4', '5'] }, existing)).toMatchObject({
      bookableDays: [],
      mapScale: 2,
      mapType: 'designed',
    });
    expect(areaSaveBody({ ...values, bookableDays: ['5', '1'] }, existing).bookableDays).toEqual([1, 5]);
  });

  it('sends 0 for an unlimited capacity, and the number when limited', () => {
    const values = { ...areaFormValues(area()), name: '  Roof  ' };
    expect(areaSaveBody({ ...values, limitConcurrent: false, maxConcurrentBookings: 12 }, undefined)).toMatchObject({
      name: 'Roof',
      maxConcurrentBookings: 0,
    });
    expect(
      areaSaveBody({ ...values, limitConcurrent: true, maxConcurrentBookings: 12 }, undefined).maxConcurrentBookings,
    ).toBe(12);
  });

  it('writes changed attribute values and removes cleared ones', () => {
    const saved = [
      { attributeId: 'a', value: '1' },
      { attributeId: 'b', value: 'old' },
    ];
    expect(attributeChanges({ a: '1', c: 'new' }, saved)).toEqual({
      set: [{ attributeId: 'c', value: 'new' }],
      remove: ['b'],
    });
  });

  it('checks capacity and weekdays', () => {
    expect(validateCapacity('', true)).toBe('errorCapacity');
    expect(validateCapacity(0, true)).toBe('errorCapacity');
    expect(validateCapacity(3, true)).toBeNull();
    expect(validateCapacity('', false)).toBeNull();
    expect(validateBookableDays([])).toBe('errorNoBookableDays');
  });
});

describe("the area's check-in policy", () => {
  it('shows inherited fields as empty and saves them as null, its own values as they are', () => {
    const inherited = areaFormValues(area());
    expect(areaSaveBody(inherited, area())).toMatchObject({
      checkinMode: null,
      checkinOpensMinutes: null,
      checkinGraceMinutes: null,
      checkinReleaseTime: null,
      checkinRelease: null,
      checkinExemptLong: null,
    });
    const own = area({
      checkinMode: 2,
      checkinOpensMinutes: 0,
      checkinGraceMinutes: 10,
      checkinReleaseTime: '10:00',
      checkinRelease: false,
      checkinExemptLong: true,
    });
    const values = areaFormValues(own);
    expect(values).toMatchObject({
      checkinMode: '2',
      checkinOpensMinutes: 0,
      checkinGraceMinutes: 10,
      checkinReleaseTime: '10:00',
      checkinRelease: '0',
      checkinExemptLong: '1',
    });
    expect(areaSaveBody(values, own)).toMatchObject({
      checkinMode: 2,
      checkinOpensMinutes: 0,
      checkinGraceMinutes: 10,
      checkinReleaseTime: '10:00',
      checkinRelease: false,
      checkinExemptLong: true,
    });
  });

  it('checks minutes and the time of day', () => {
    expect(validateMinutes('', 'checkin_grace_minutes')).toBeNull();
    expect(validateMinutes(0, 'checkin_opens_minutes')).toBeNull();
    expect(validateMinutes(0, 'checkin_grace_minutes')).toBe('errorWholeNumberRange');
    expect(validateMinutes(721, 'checkin_opens_minutes')).toBe('errorWholeNumberRange');
    expect(validateMinutes(1.5, 'checkin_grace_minutes')).toBe('errorWholeNumberRange');
    expect(validateTimeOfDay('')).toBeNull();
    expect(validateTimeOfDay('09:30')).toBeNull();
    expect(validateTimeOfDay('9:30')).toBe('errorTimeOfDay');
  });
});
