import type { SettingName } from '@perch/contract';
import { SETTINGS } from '@perch/contract/values';
import type { ValueMap } from '../../app/session/session-data';

/** A whole-number setting: the stored value, else the default of the contract's catalogue. */
export function intSetting(settings: ValueMap, name: SettingName): number {
  const n = Number.parseInt(settings[name] ?? '', 10);
  return Number.isFinite(n) ? n : Number(SETTINGS[name].default);
}
