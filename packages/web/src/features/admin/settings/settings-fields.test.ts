import { SETTINGS } from '@perch/contract';
import { describe, expect, it } from 'vitest';
import { ENABLED_BY, SETTING_FIELD_NAMES, SETTING_FIELDS } from './settings-fields';

describe('the settings screen’s fields', () => {
  it.each(SETTING_FIELD_NAMES)('%s has the type, range and default of the contract’s catalogue', (name) => {
    const catalogue = SETTINGS[name];
    const field = SETTING_FIELDS[name];
    expect(catalogue.writable).toBe(true);
    expect({
      type: field.type,
      default: field.default,
      min: 'min' in field ? field.min : undefined,
      max: 'max' in field ? field.max : undefined,
      check: 'check' in field ? field.check : undefined,
    }).toEqual({
      type: catalogue.type,
      default: catalogue.default,
      min: 'min' in catalogue ? catalogue.min : undefined,
      max: 'max' in catalogue ? catalogue.max : undefined,
      check: 'check' in catalogue ? catalogue.check : undefined,
    });
  });

  it('leaves out feature flags and secrets, which are not edited here', () => {
    expect(SETTING_FIELD_NAMES.some((n) => n.startsWith('feature_'))).toBe(false);
    expect(SETTING_FIELD_NAMES.filter((n) => 'secret' in SETTINGS[n])).toEqual([]);
  });

  it('ties each dependent number to a switch', () => {
    for (const [name, toggle] of Object.entries(ENABLED_BY)) {
      expect(SETTING_FIELDS[name as keyof typeof SETTING_FIELDS].type).toBe('int');
      expect(SETTING_FIELDS[toggle].type).toBe('bool');
    }
  });
});
