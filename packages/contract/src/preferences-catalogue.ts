import { MAIL_LANGUAGES } from './limits.js';
import { DATE_FORMATS, isColor, isTimeOfDay, isUuid, isWeekdayList } from './validation.js';

export type PreferenceCheck =
  'bool' | 'int' | 'color' | 'time' | 'weekdays' | 'location' | 'timezone' | 'dateFormat' | 'mailLanguage' | 'text';

export interface PreferenceDefinition {
  readonly check: PreferenceCheck;
  /** Value of the row created with every user; `null`: no row until the user sets one. */
  readonly default: string | null;
  /** Allowed integer values for `int` preferences. */
  readonly oneOf?: readonly number[];
  readonly maxLength?: number;
  /**
   * Stored encrypted at rest and never returned: reads show SECRET_PREFERENCE_MASK when a value
   * is set, and saving the mask back keeps the stored value.
   */
  readonly secret?: boolean;
}

/** What a read shows for a secret preference that has a value. */
export const SECRET_PREFERENCE_MASK = '********';

/** User preferences, with their checks and defaults. */
export const PREFERENCES = {
  enter_time: { check: 'int', default: '1', oneOf: [1, 2, 3] },
  workday_start: { check: 'time', default: '09:00' },
  workday_end: { check: 'time', default: '17:00' },
  workdays: { check: 'weekdays', default: '1,2,3,4,5' },
  location_id: { check: 'location', default: '' },
  booked_color: { check: 'color', default: '#ff453a' },
  not_booked_color: { check: 'color', default: '#30d158' },
  self_booked_color: { check: 'color', default: '#b825de' },
  partially_booked_color: { check: 'color', default: '#ff9100' },
  buddy_booked_color: { check: 'color', default: '#2415c5' },
  disallowed_color: { check: 'color', default: '#eeeeee' },
  approval_notifications: { check: 'bool', default: '0' },
  use_24_hour_time: { check: 'bool', default: '1' },
  date_format: { check: 'dateFormat', default: 'Y-m-d' },
  week_start_day: { check: 'int', default: '1', oneOf: [0, 1, 6] },
  /** The user's own time zone, for showing area times in it too; `""` or no row: the device's zone. */
  timezone: { check: 'timezone', default: null, maxLength: 64 },
  mail_notifications: { check: 'bool', default: null },
  mail_reminder: { check: 'bool', default: null },
  /** Check-in reminders (window open, last call before the release) where the policy asks for a check-in. */
  mail_checkin_reminder: { check: 'bool', default: '1' },
  mail_language: { check: 'mailLanguage', default: null },
  caldav_url: { check: 'text', default: null, maxLength: 512 },
  caldav_user: { check: 'text', default: null, maxLength: 512 },
  caldav_pass: { check: 'text', default: null, maxLength: 512, secret: true },
  caldav_path: { check: 'text', default: null, maxLength: 512 },
} as const satisfies Record<string, PreferenceDefinition>;

export type PreferenceName = keyof typeof PREFERENCES;
export const PREFERENCE_NAMES = Object.keys(PREFERENCES) as PreferenceName[];

export function isPreferenceName(name: string): name is PreferenceName {
  return Object.prototype.hasOwnProperty.call(PREFERENCES, name);
}

/**
 * Checks a preference value without database lookups (`location` and `timezone` only get a
 * format check here; the server also checks that the area belongs to the user's organisation
 * and that the zone is one of its list).
 */
export function checkPreferenceValue(def: PreferenceDefinition, value: string): boolean {
  if (value.length > (def.maxLength ?? 256)) return false;
  switch (def.check) {
    case 'bool':
      return value === '0' || value === '1';
    case 'int':
      return /^\d{1,3}$/.test(value) && (def.oneOf?.includes(Number(value)) ?? true);
    case 'color':
      return isColor(value);
    case 'time':
      return isTimeOfDay(value);
    case 'weekdays':
      return isWeekdayList(value);
    case 'location':
      return value === '' || isUuid(value);
    case 'timezone':
      return value === '' || /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(value);
    case 'dateFormat':
      return (DATE_FORMATS as readonly string[]).includes(value);
    case 'mailLanguage':
      return value === '' || (MAIL_LANGUAGES as readonly string[]).includes(value);
    case 'text':
      return true;
  }
}
