import { describe, expect, it } from 'vitest';
import { buddiesEnabled } from './policy.js';

describe('buddies policy', () => {
  it('needs show_names on and disable_buddies off', () => {
    const on = (entries: [string, string][]) => buddiesEnabled(new Map(entries));
    expect(on([])).toBe(false);
    expect(on([['show_names', '1']])).toBe(true);
    expect(
      on([
        ['show_names', '1'],
        ['disable_buddies', '0'],
      ]),
    ).toBe(true);
    expect(
      on([
        ['show_names', '1'],
        ['disable_buddies', '1'],
      ]),
    ).toBe(false);
    expect(on([['show_names', '0']])).toBe(false);
  });
});
