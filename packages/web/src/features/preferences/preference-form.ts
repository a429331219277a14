import { isAbsoluteUrl, isColor, isTimeOfDay } from '@perch/contract';
import type { ValueMap } from '../../app/session/session-data';
import type { MessageKey } from '../../i18n';
import { STATUS_COLOR } from '../search/status/space-status';
import { minutesOfDay } from '../search/time/wall-time';

/** The preferences this page edits (reference §5.2), with the values a new user starts with. */
export const EDITABLE_DEFAULTS = {
  enter_time: '1',
  workday_start: '09:00',
  workday_end: '17:00',
  workdays: '1,2,3,4,5',
  location_id: '',
  use_24_hour_time: '1',
  date_format: 'Y-m-d',
  week_start_day: '1',
  timezone: '',
  mail_notifications: '0',
  mail_reminder: '0',
  approval_notifications: '0',
  mail_language: '',
  caldav_url: '',
  caldav_user: '',
  caldav_pass: '',
  caldav_path: '',
  booked_color: STATUS_COLOR.booked.fallback,
  not_booked_color: STATUS_COLOR.available.fallback,
  self_booked_color: STATUS_COLOR.mine.fallback,
  partially_booked_color: STATUS_COLOR.partial.fallback,
  buddy_booked_color: STATUS_COLOR.buddy.fallback,
  disallowed_color: STATUS_COLOR.disallowed.fallback,
} satisfies Record<string, string>;

export type PreferenceName = keyof typeof EDITABLE_DEFAULTS;
export type PreferenceValues = Record<PreferenceName, string>;

/** Working hours shorter than this are most likely a typo (reference: at least 60 minutes). */
const MIN_WORKING_MINUTES = 60;

export function initialValues(stored: ValueMap): PreferenceValues {
  const values = { ...EDITABLE_DEFAULTS } as PreferenceValues;
  for (const name of Object.keys(values) as PreferenceName[]) {
    const value = stored[name];
    if (value !== undefined) values[name] = value;
  }
  return values;
}

export type PreferenceErrors = Partial<Record<PreferenceName, MessageKey>>;

export function validatePreferences(values: PreferenceValues): PreferenceErrors {
  const errors: PreferenceErrors = {};
  if (!isTimeOfDay(values.workday_start)) errors.workday_start = 'errorTimeFormat';
  if (!isTimeOfDay(values.workday_end)) errors.workday_end = 'errorTimeFormat';
  else if (
    !errors.workday_start &&
    minutesOfDay(values.workday_end) - minutesOfDay(values.workday_start) < MIN_WORKING_MINUTES
  )
    errors.workday_end = 'errorWorkingHoursOrder';
  if (values.workdays === '') errors.workdays = 'errorNoWorkdays';
  for (const { pref } of Object.values(STATUS_COLOR))
    if (!isColor(values[pref as PreferenceName])) errors[pref as PreferenceName] = 'errorColorFormat';
  if (values.caldav_url !== '' && !isAbsoluteUrl(values.caldav_url)) errors.caldav_url = 'errorUrlFormat';
  return errors;
}

/** Only what changed, as `PUT /preference/` takes it (applied all or nothing). */
export function changedPreferences(saved: ValueMap, values: PreferenceValues): { name: string; value: string }[] {
  return (Object.keys(values) as PreferenceName[])
    .filter((name) => values[name] !== (saved[name] ?? EDITABLE_DEFAULTS[name]))
    .map((name) => ({ name, value: values[name] }));
}

/** Weekday list as the API stores it: ascending, comma-separated. */
export const workdayList = (days: readonly number[]): string => [...new Set(days)].sort((a, b) => a - b).join(',');
