import { describe, expect, it } from 'vitest';
import { changedPreferences, initialValues, validatePreferences, workdayList } from './preference-form';

describe('preference form', () => {
  it('starts from the stored values and the defaults', () => {
    const values = initialValues({ workday_start: '08:00', booked_color: '#000000' });
    expect(values.workday_start).toBe('08:00');
    expect(values.workday_end).toBe('17:00');
    expect(values.booked_color).toBe('#000000');
    expect(values.not_booked_color).toBe('#30d158');
  });

  it('finds invalid values in place', () => {
    const values = initialValues({});
    expect(validatePreferences(values)).toEqual({});
    expect(
      validatePreferences({
        ...values,
        workday_start: '09:00',
        workday_end: '09:30',
        workdays: '',
        self_booked_color: 'purple',
      }),
    ).toEqual({
      workday_end: 'errorWorkingHoursOrder',
      workdays: 'errorNoWorkdays',
      self_booked_color: 'errorColorFormat',
    });
    expect(validatePreferences({ ...values, workday_start: '9' })).toEqual({ workday_start: 'errorTimeFormat' });
  });

  it('sends only what changed, and weekdays sorted', () => {
    const saved = { workday_start: '09:00', use_24_hour_time: '1' };
    const values = { ...initialValues(saved), workday_start: '08:30', workdays: workdayList([5, 1, 3]) };
    expect(changedPreferences(saved, values)).toEqual([
      { name: 'workday_start', value: '08:30' },
      { name: 'workdays', value: '1,3,5' },
    ]);
  });
});
