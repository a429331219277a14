import type { CheckInOverrides } from '@perch/contract';
import { SETTINGS } from '@perch/contract/values';
import type { MessageKey } from '../../../i18n';

/**
 * An area's own check-in policy as form fields: '' takes the organisation's value (saved as
 * null), anything else is the area's own.
 */
export interface AreaCheckInValues {
  checkinMode: '' | '0' | '1' | '2';
  checkinOpensMinutes: number | string;
  checkinGraceMinutes: number | string;
  checkinReleaseTime: string;
  checkinRelease: '' | '0' | '1';
  checkinExemptLong: '' | '0' | '1';
}

const flag = (value: boolean | null | undefined): '' | '0' | '1' =>
  value === null || value === undefined ? '' : value ? '1' : '0';

export function areaCheckInValues(area: CheckInOverrides | undefined): AreaCheckInValues {
  const mode = area?.checkinMode;
  return {
    checkinMode: mode === null || mode === undefined ? '' : (String(mode) as '0' | '1' | '2'),
    checkinOpensMinutes: area?.checkinOpensMinutes ?? '',
    checkinGraceMinutes: area?.checkinGraceMinutes ?? '',
    checkinReleaseTime: area?.checkinReleaseTime ?? '',
    checkinRelease: flag(area?.checkinRelease),
    checkinExemptLong: flag(area?.checkinExemptLong),
  };
}

const numberOrNull = (value: number | string) => (value === '' ? null : Number(value));
const flagOrNull = (value: '' | '0' | '1') => (value === '' ? null : value === '1');

/** The overrides to save: every field, null where the organisation decides. */
export function areaCheckInBody(values: AreaCheckInValues): Required<CheckInOverrides> {
  return {
    checkinMode: values.checkinMode === '' ? null : Number(values.checkinMode),
    checkinOpensMinutes: numberOrNull(values.checkinOpensMinutes),
    checkinGraceMinutes: numberOrNull(values.checkinGraceMinutes),
    checkinReleaseTime: values.checkinReleaseTime === '' ? null : values.checkinReleaseTime,
    checkinRelease: flagOrNull(values.checkinRelease),
    checkinExemptLong: flagOrNull(values.checkinExemptLong),
  };
}

/** A number of minutes in the setting's range, or empty (the organisation's). */
export function validateMinutes(
  value: number | string,
  setting: 'checkin_opens_minutes' | 'checkin_grace_minutes',
): MessageKey | null {
  if (value === '') return null;
  const n = Number(value);
  const { min = 0, max = 720 } = SETTINGS[setting];
  return Number.isInteger(n) && n >= min && n <= max ? null : 'errorWholeNumberRange';
}

export function validateTimeOfDay(value: string): MessageKey | null {
  return value === '' || /^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(value) ? null : 'errorTimeOfDay';
}
