import { SETTINGS } from '@perch/contract/values';
import { describe, expect, it } from 'vitest';
import { ENABLED_BY, SETTING_FIELD_NAMES, SETTING_FIELDS } from './settings-fields';

describe('the settings screen’s fields', () => {
  it.each(SETTING_FIELD_NAMES)('%s is a writable setting of the contract’s catalogue with a default', (name) => {
    const field = SETTING_FIELDS[name];
    expect(field).toBe(SETTINGS[name]);
    expect(field.writable).toBe(true);
    expect(field.default).not.toBeNull();
    expect(field.secret).toBeUndefined();
    if (field.type === 'int') {
      expect(field.min).toBeTypeOf('number');
      expect(field.max).toBeTypeOf('number');
    }
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
