import type { PreferenceName as ContractPreferenceName, Preference, PreferenceDefinition } from '@perch/contract';
import { isColor, isTimeOfDay, PREFERENCES } from '@perch/contract/values';
import type { ValueMap } from '../../app/session/session-data';
import type { MessageKey } from '../../i18n';
import { STATUS_COLOR } from '../../shared/space-status/space-status';
import { minutesOfDay } from '../../shared/time/wall-time';

/** The preferences this page edits, in the order the page sends them. */
const EDITABLE = [
  'enter_time',
  'workday_start',
  'workday_end',
  'workdays',
  'location_id',
  'use_24_hour_time',
  'date_format',
  'week_start_day',
  'timezone',
  ...Object.values(STATUS_COLOR).map((c) => c.pref),
  'mail_notifications',
  'mail_reminder',
  'mail_checkin_reminder',
  'mail_language',
  'approval_notifications',
] as const satisfies readonly ContractPreferenceName[];

/**
 * The values a new user starts with: the contract's defaults. A preference without a stored
 * default (`null`) shows as off when it is a switch (no mails), else as empty (the time zone: the
 * device's; the mail language: the organisation's).
 */
export const EDITABLE_DEFAULTS = Object.fromEntries(
  EDITABLE.map((name) => {
    const def: PreferenceDefinition = PREFERENCES[name];
    return [name, def.default ?? (def.check === 'bool' ? '0' : '')];
  }),
) as Record<(typeof EDITABLE)[number], string>;

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
  return errors;
}

/** Only what changed, as `PUT /preference/` takes it (applied all or nothing). */
export function changedPreferences(saved: ValueMap, values: PreferenceValues): Preference[] {
  return (Object.keys(values) as PreferenceName[])
    .filter((name) => values[name] !== (saved[name] ?? EDITABLE_DEFAULTS[name]))
    .map((name) => ({ name, value: values[name] }));
}

/** Weekday list as the API stores it: ascending, comma-separated. */
export const workdayList = (days: readonly number[]): string => [...new Set(days)].sort((a, b) => a - b).join(',');
