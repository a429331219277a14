import { isComplexPassword } from '@perch/contract/values';
import { describe, expect, it } from 'vitest';
import { generatePassword, GENERATED_PASSWORD_LENGTH } from './generate-password';

describe('generatePassword', () => {
  it('always meets the complexity rule', () => {
    for (let i = 0; i < 500; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect(isComplexPassword(password)).toBe(true);
    }
  });

  it('meets it even with the least random source (all zeros)', () => {
    const password = generatePassword(8, (n) => new Uint32Array(n));
    expect(isComplexPassword(password)).toBe(true);
  });

  it('leaves out characters that are easily mistaken for each other', () => {
    const many = Array.from({ length: 200 }, () => generatePassword()).join('');
    expect(many).not.toMatch(/[lIO01]/);
  });
});
