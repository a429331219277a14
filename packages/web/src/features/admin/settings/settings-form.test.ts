import { describe, expect, it } from 'vitest';
import { settingChanges, settingProblem, settingsProblems, settingsValues } from './settings-form';

const zones = new Set(['Europe/Berlin', 'Asia/Tokyo']);
const isZone = (z: string) => zones.has(z);
const stored = settingsValues([
  { name: 'max_days_in_advance', value: '14' },
  { name: 'custom_logo_url', value: '' },
  { name: 'feature_groups', value: '1' },
]);

describe('settings form', () => {
  it('starts from the stored values and the catalogue defaults for missing rows, ignoring others', () => {
    expect(stored.max_days_in_advance).toBe('14');
    expect(stored.booking_retention_days).toBe('365');
    expect(stored).not.toHaveProperty('feature_groups');
  });

  it('checks whole numbers against the catalogue’s range', () => {
    const problem = (value: string) =>
      settingProblem(
        'booking_retention_days',
        { ...stored, booking_retention_enabled: '1', booking_retention_days: value },
        isZone,
      );
    expect(problem('29')).toEqual({ key: 'errorWholeNumberRange', values: { min: 30, max: 999 } });
    expect(problem('1000')).not.toBeNull();
    expect(problem('2.5')).not.toBeNull();
    expect(problem('')).not.toBeNull();
    expect(problem('30')).toBeNull();
    expect(settingProblem('max_bookings_per_user', { ...stored, max_bookings_per_user: '0' }, isZone)).toEqual({
      key: 'errorWholeNumberRange',
      values: { min: 1, max: 9999 },
    });
  });

  it('checks the logo address and the time zone', () => {
    expect(settingProblem('custom_logo_url', { ...stored, custom_logo_url: 'logo.png' }, isZone)).toEqual({
      key: 'errorLogoUrl',
    });
    // Like the server: plain http is refused (the app's security policy only loads https images).
    expect(settingProblem('custom_logo_url', { ...stored, custom_logo_url: 'http://x.test/l.png' }, isZone)).toEqual({
      key: 'errorLogoUrl',
    });
    expect(
      settingProblem('custom_logo_url', { ...stored, custom_logo_url: 'https://x.test/l.png' }, isZone),
    ).toBeNull();
    expect(settingProblem('default_timezone', { ...stored, default_timezone: 'Mars/Base' }, isZone)).toEqual({
      key: 'errorTimezone',
    });
    for (const time of ['9:00', '24:00', '10:60', 'noon'])
      expect(settingProblem('checkin_release_time', { ...stored, checkin_release_time: time }, isZone)).toEqual({
        key: 'errorTimeOfDay',
      });
    for (const time of ['', '00:00', '10:00', '23:59'])
      expect(settingProblem('checkin_release_time', { ...stored, checkin_release_time: time }, isZone)).toBeNull();
  });

  it('does not check a number while its switch is off', () => {
    const values = { ...stored, booking_retention_enabled: '0', booking_retention_days: '5' };
    expect(settingsProblems(values, isZone)).toEqual({});
    expect(settingChanges(values, stored, isZone)).toEqual([]);
  });

  it('sends only what changed, trimmed, in one list', () => {
    const values = {
      ...stored,
      max_days_in_advance: '3',
      custom_logo_url: ' https://x.test/l.png ',
      show_names: '1',
      booking_retention_days: '400',
    };
    expect(settingChanges(values, stored, isZone)).toEqual([
      { name: 'max_days_in_advance', value: '3' },
      { name: 'show_names', value: '1' },
      { name: 'custom_logo_url', value: 'https://x.test/l.png' },
      { name: 'booking_retention_days', value: '400' },
    ]);
  });

  it('counts a value typed back to what is stored as unchanged', () => {
    expect(settingChanges({ ...stored, max_days_in_advance: ' 14' }, stored, isZone)).toEqual([]);
  });
});
