import { describe, expect, it } from 'vitest';
import { area } from '../test-support/admin-fixtures';
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
