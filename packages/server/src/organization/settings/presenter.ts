import type { Setting } from '@perch/contract';

/** A setting value as stored (secrets included), with whether it is a secret. */
export interface SettingValue {
  name: string;
  value: string;
  secret: boolean;
}

/** What a stored value looks like to a reader: secrets show only whether they are set ("1" or ""). */
export const presentSettingValue = (s: SettingValue): string => (s.secret ? (s.value ? '1' : '') : s.value);

export const presentSetting = (s: SettingValue): Setting => ({ name: s.name, value: presentSettingValue(s) });
