import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';

describe('SecretBox while the key changes', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);

  it('opens values of a previous key and re-encrypts them with the current one', () => {
    const before = new SecretBox(oldKey).encrypt('totp-secret');
    const box = new SecretBox(newKey, [oldKey]);
    expect(box.rotating).toBe(true);
    expect(box.decrypt(before)).toBe('totp-secret');
    const after = box.rebox(before)!;
    expect(after).not.toBe(before);
    expect(new SecretBox(newKey).decrypt(after)).toBe('totp-secret');
    expect(new SecretBox(oldKey).decrypt(after)).toBeNull();
    // Already the current key's, or nobody's: nothing to do.
    expect(box.rebox(after)).toBeNull();
    expect(box.rebox(new SecretBox(randomBytes(32)).encrypt('x'))).toBeNull();
    expect(box.rebox('not a box')).toBeNull();
  });

  it('knows no previous key unless given one other than the current', () => {
    expect(new SecretBox(newKey).rotating).toBe(false);
    expect(new SecretBox(newKey, [Buffer.from(newKey)]).rotating).toBe(false);
    expect(new SecretBox(newKey).decrypt(new SecretBox(oldKey).encrypt('x'))).toBeNull();
    expect(() => new SecretBox(newKey, [Buffer.alloc(16)])).toThrow(/32-byte/);
  });
});
