import { describe, expect, it } from 'vitest';
import { checkPreferenceValue, PREFERENCES } from './preferences-catalogue.js';
import { mayGrantRole } from './roles.js';
import { checkSettingValue, SETTINGS } from './settings-catalogue.js';
import {
  isColor,
  isComplexPassword,
  isDomainName,
  isEmail,
  isHumanName,
  isTimeOfDay,
  isWeekdayList,
} from './validation.js';

describe('password complexity', () => {
  it.each([
    ['Aa1!aaaa', true],
    ['Aa1!aaa', false],
    ['aa1!aaaa', false],
    ['AA1!AAAA', false],
    ['Aaa!aaaa', false],
    ['Aa1aaaaa', false],
    [`Aa1!${'a'.repeat(60)}`, true],
    [`Aa1!${'a'.repeat(61)}`, false],
    ['Ää1!ääää', true],
  ])('%s → %s', (pw, ok) => expect(isComplexPassword(pw)).toBe(ok));
});

describe('names, emails, domains', () => {
  it('accepts human names with letters, digits, spaces, hyphens, apostrophes and dots', () => {
    expect(isHumanName("Jean-Luc O'Neil Jr.")).toBe(true);
    expect(isHumanName('Zoë')).toBe(true);
    expect(isHumanName('X')).toBe(false);
    expect(isHumanName('a@@@b')).toBe(false);
    expect(isHumanName('<script>')).toBe(false);
    expect(isHumanName('x'.repeat(65))).toBe(false);
  });
  it('checks emails', () => {
    expect(isEmail('a.b+c@example.co.uk')).toBe(true);
    expect(isEmail('no-at.example.org')).toBe(false);
    expect(isEmail('a@b')).toBe(false);
    expect(isEmail('a b@example.org')).toBe(false);
  });
  it('checks domain names', () => {
    expect(isDomainName('desk.example.org')).toBe(true);
    expect(isDomainName('localhost')).toBe(true);
    expect(isDomainName('Upper.example')).toBe(false);
    expect(isDomainName('-bad.example')).toBe(false);
    expect(isDomainName('under_score.example')).toBe(false);
    expect(isDomainName(`${'a'.repeat(64)}.example`)).toBe(false);
  });
  it('checks colours, times and weekday lists', () => {
    expect(isColor('#abc')).toBe(true);
    expect(isColor('#A1B2C3')).toBe(true);
    expect(isColor('abc')).toBe(false);
    expect(isTimeOfDay('23:59')).toBe(true);
    expect(isTimeOfDay('24:00')).toBe(false);
    expect(isWeekdayList('0,1,2,3,4,5,6')).toBe(true);
    expect(isWeekdayList('1,1')).toBe(false);
    expect(isWeekdayList('2,1')).toBe(false);
    expect(isWeekdayList('7')).toBe(false);
  });
});

describe('roles', () => {
  it('nobody grants a role above their own, except org admins granting service accounts', () => {
    expect(mayGrantRole(20, 20)).toBe(true);
    expect(mayGrantRole(20, 90)).toBe(false);
    expect(mayGrantRole(20, 22)).toBe(true);
    expect(mayGrantRole(10, 21)).toBe(false);
    expect(mayGrantRole(90, 90)).toBe(true);
  });
});

describe('settings catalogue', () => {
  it('has a valid default for every setting with a default row', () => {
    for (const [name, def] of Object.entries(SETTINGS)) {
      if (def.default !== null) expect(checkSettingValue(def, def.default), name).toBeNull();
    }
  });
  it('checks types, ranges and formats', () => {
    expect(checkSettingValue(SETTINGS.show_names, '2')).toBe('type');
    expect(checkSettingValue(SETTINGS.max_bookings_per_user, '0')).toBe('range');
    expect(checkSettingValue(SETTINGS.max_bookings_per_user, '10000')).toBe('range');
    expect(checkSettingValue(SETTINGS.max_bookings_per_user, '1.5')).toBe('type');
    expect(checkSettingValue(SETTINGS.max_bookings_per_user, '')).toBe('type');
    expect(checkSettingValue(SETTINGS.custom_logo_url, 'ftp://x')).toBe('format');
    expect(checkSettingValue(SETTINGS.custom_logo_url, 'http://logo.example/l.png')).toBe('format');
    expect(checkSettingValue(SETTINGS.custom_logo_url, 'https://logo.example/l.png')).toBeNull();
    expect(checkSettingValue(SETTINGS.custom_logo_url, '')).toBeNull();
    expect(checkSettingValue(SETTINGS.default_timezone, 'Nowhere', (tz) => tz === 'UTC')).toBe('format');
    expect(checkSettingValue(SETTINGS.subject_default, '3')).toBeNull();
  });
  it('marks feature flags as not writable and on', () => {
    expect(SETTINGS.feature_groups.writable).toBe(false);
    expect(SETTINGS.feature_groups.default).toBe('1');
  });
});

describe('preferences catalogue', () => {
  it('has a valid default for every preference with a default row', () => {
    for (const [name, def] of Object.entries(PREFERENCES)) {
      if (def.default !== null) expect(checkPreferenceValue(def, def.default), name).toBe(true);
    }
  });
  it('checks values', () => {
    expect(checkPreferenceValue(PREFERENCES.week_start_day, '6')).toBe(true);
    expect(checkPreferenceValue(PREFERENCES.week_start_day, '2')).toBe(false);
    expect(checkPreferenceValue(PREFERENCES.location_id, '')).toBe(true);
    expect(checkPreferenceValue(PREFERENCES.location_id, 'abc')).toBe(false);
    expect(checkPreferenceValue(PREFERENCES.date_format, 'd.m.Y')).toBe(true);
    expect(checkPreferenceValue(PREFERENCES.caldav_url, 'x'.repeat(513))).toBe(false);
  });
});
