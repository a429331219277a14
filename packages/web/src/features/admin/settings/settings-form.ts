import type { Setting } from '@perch/contract';
import { checkSettingValue } from '@perch/contract/values';
import type { Message } from '../../../i18n';
import {
  ENABLED_BY,
  SETTING_FIELD_NAMES,
  SETTING_FIELDS,
  type SettingField,
  type SettingFieldName,
} from './settings-fields';

export type SettingsValues = Record<SettingFieldName, string>;

/** The form's starting values: what the server stored, else the catalogue default. */
export function settingsValues(list: readonly Setting[]): SettingsValues {
  const stored = new Map(list.map((s) => [s.name, s.value]));
  return Object.fromEntries(
    SETTING_FIELD_NAMES.map((name) => [name, stored.get(name) ?? SETTING_FIELDS[name].default ?? '']),
  ) as SettingsValues;
}

function isSwitchedOff(name: SettingFieldName, values: SettingsValues): boolean {
  const toggle = ENABLED_BY[name];
  return toggle !== undefined && values[toggle] !== '1';
}

/** What is wrong with one value, as a message; null when it is fine. */
export function settingProblem(
  name: SettingFieldName,
  values: SettingsValues,
  isTimezone: (zone: string) => boolean,
): Message | null {
  if (isSwitchedOff(name, values)) return null;
  const field: SettingField = SETTING_FIELDS[name];
  const problem = checkSettingValue(field, values[name].trim(), isTimezone);
  if (problem === null) return null;
  switch (field.type) {
    case 'int':
      return { key: 'errorWholeNumberRange', values: { min: field.min ?? 0, max: field.max ?? 999_999_999 } };
    case 'string':
      if (problem === 'length') return { key: 'errorTooLong', values: { count: field.maxLength ?? 256 } };
      if (field.check === 'url') return { key: 'errorLogoUrl' };
      if (field.check === 'timezone') return { key: 'errorTimezone' };
      if (field.check === 'time') return { key: 'errorTimeOfDay' };
      return null;
    case 'bool':
      return null;
  }
}

/** Every problem of the form, by setting name. */
export function settingsProblems(
  values: SettingsValues,
  isTimezone: (zone: string) => boolean,
): Partial<Record<SettingFieldName, Message>> {
  const problems: Partial<Record<SettingFieldName, Message>> = {};
  for (const name of SETTING_FIELD_NAMES) {
    const problem = settingProblem(name, values, isTimezone);
    if (problem) problems[name] = problem;
  }
  return problems;
}

/**
 * The settings to send in one `PUT /setting/`: the changed ones, trimmed. A number behind a
 * switched-off toggle that is not valid stays as stored instead of failing the whole save.
 */
export function settingChanges(
  values: SettingsValues,
  initial: SettingsValues,
  isTimezone: (zone: string) => boolean = () => true,
): Setting[] {
  return SETTING_FIELD_NAMES.filter((name) => {
    const value = values[name].trim();
    if (value === initial[name]) return false;
    const toggle = ENABLED_BY[name];
    if (toggle === undefined || values[toggle] === '1') return true;
    return settingProblem(name, { ...values, [toggle]: '1' }, isTimezone) === null;
  }).map((name) => ({ name, value: values[name].trim() }));
}
