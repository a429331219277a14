import type { CheckInOverrides } from '@perch/contract';
import { SETTINGS } from '@perch/contract/values';
import type { MessageKey } from '../../../i18n';

/**
 * An area's or a space's own check-in policy as form fields: '' takes the value of the level
 * above (saved as null), anything else is the level's own.
 */
export interface CheckInValues {
  checkinMode: '' | '0' | '1' | '2';
  checkinOpensMinutes: number | string;
  checkinGraceMinutes: number | string;
  checkinReleaseTime: string;
  checkinRelease: '' | '0' | '1';
  checkinExemptLong: '' | '0' | '1';
}

export type CheckInField = keyof CheckInValues;

export const CHECK_IN_FIELDS = [
  'checkinMode',
  'checkinOpensMinutes',
  'checkinGraceMinutes',
  'checkinReleaseTime',
  'checkinRelease',
  'checkinExemptLong',
] as const satisfies readonly CheckInField[];

/** Every field left to the level above. */
export const INHERITED_CHECK_IN = {
  checkinMode: '',
  checkinOpensMinutes: '',
  checkinGraceMinutes: '',
  checkinReleaseTime: '',
  checkinRelease: '',
  checkinExemptLong: '',
} as const satisfies CheckInValues;

const flag = (value: boolean | null | undefined): '' | '0' | '1' =>
  value === null || value === undefined ? '' : value ? '1' : '0';

export function checkInValues(level: CheckInOverrides | undefined): CheckInValues {
  const mode = level?.checkinMode;
  return {
    checkinMode: mode === null || mode === undefined ? '' : (String(mode) as '0' | '1' | '2'),
    checkinOpensMinutes: level?.checkinOpensMinutes ?? '',
    checkinGraceMinutes: level?.checkinGraceMinutes ?? '',
    checkinReleaseTime: level?.checkinReleaseTime ?? '',
    checkinRelease: flag(level?.checkinRelease),
    checkinExemptLong: flag(level?.checkinExemptLong),
  };
}

const numberOrNull = (value: number | string) => (value === '' ? null : Number(value));
const flagOrNull = (value: '' | '0' | '1') => (value === '' ? null : value === '1');

/** The overrides to save: every field, null where the level above decides. */
export function checkInBody(values: CheckInValues): Required<CheckInOverrides> {
  return {
    checkinMode: values.checkinMode === '' ? null : Number(values.checkinMode),
    checkinOpensMinutes: numberOrNull(values.checkinOpensMinutes),
    checkinGraceMinutes: numberOrNull(values.checkinGraceMinutes),
    checkinReleaseTime: values.checkinReleaseTime === '' ? null : values.checkinReleaseTime,
    checkinRelease: flagOrNull(values.checkinRelease),
    checkinExemptLong: flagOrNull(values.checkinExemptLong),
  };
}

/** Whether any field is the level's own. */
export function hasOwnCheckIn(values: CheckInValues): boolean {
  return CHECK_IN_FIELDS.some((field) => values[field] !== '');
}

/** The range a number of minutes must lie in (the organisation setting's). */
export function minutesRange(setting: 'checkin_opens_minutes' | 'checkin_grace_minutes') {
  const { min = 0, max = 720 } = SETTINGS[setting];
  return { min, max };
}

/** A number of minutes in the setting's range, or empty (the level above's). */
export function validateMinutes(
  value: number | string,
  setting: 'checkin_opens_minutes' | 'checkin_grace_minutes',
): MessageKey | null {
  if (value === '') return null;
  const n = Number(value);
  const { min, max } = minutesRange(setting);
  return Number.isInteger(n) && n >= min && n <= max ? null : 'errorWholeNumberRange';
}

export function validateTimeOfDay(value: string): MessageKey | null {
  return value === '' || /^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(value) ? null : 'errorTimeOfDay';
}

export type CheckInErrors = Partial<Record<CheckInField, MessageKey>>;

/** The fields that cannot be saved as they are, with why. */
export function checkInErrors(values: CheckInValues): CheckInErrors {
  const errors: CheckInErrors = {};
  const opens = validateMinutes(values.checkinOpensMinutes, 'checkin_opens_minutes');
  const grace = validateMinutes(values.checkinGraceMinutes, 'checkin_grace_minutes');
  const time = validateTimeOfDay(values.checkinReleaseTime);
  if (opens) errors.checkinOpensMinutes = opens;
  if (grace) errors.checkinGraceMinutes = grace;
  if (time) errors.checkinReleaseTime = time;
  return errors;
}

/** A value a field left empty takes, and the level it comes from ('' where that level has none). */
export interface InheritedValue {
  source: 'area' | 'organisation';
  value: string;
}

export type InheritedCheckIn = Record<CheckInField, InheritedValue>;

const SETTING_OF: Record<CheckInField, keyof typeof SETTINGS> = {
  checkinMode: 'checkin_mode',
  checkinOpensMinutes: 'checkin_opens_minutes',
  checkinGraceMinutes: 'checkin_grace_minutes',
  checkinReleaseTime: 'checkin_release_time',
  checkinRelease: 'checkin_release',
  checkinExemptLong: 'checkin_exempt_long',
};

/**
 * What each field left empty takes: the area's value where the area sets one (when it is given),
 * else the organisation's setting. The grace in minutes and the time of day are one choice: when
 * the area sets either, the area decides the time of day too (none: the grace applies).
 */
export function inheritedCheckIn(
  settings: Readonly<Record<string, string>>,
  area?: CheckInOverrides,
): InheritedCheckIn {
  const own = checkInValues(area);
  const areaDecidesDeadline = own.checkinGraceMinutes !== '' || own.checkinReleaseTime !== '';
  const inherit = (field: CheckInField): InheritedValue => {
    const areaValue = String(own[field]);
    if (field === 'checkinReleaseTime' ? areaDecidesDeadline : areaValue !== '')
      return { source: 'area', value: areaValue };
    const setting = SETTING_OF[field];
    return { source: 'organisation', value: settings[setting] ?? SETTINGS[setting].default ?? '' };
  };
  return Object.fromEntries(CHECK_IN_FIELDS.map((field) => [field, inherit(field)])) as InheritedCheckIn;
}
