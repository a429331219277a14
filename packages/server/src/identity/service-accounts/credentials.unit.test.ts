import { describe, expect, it } from 'vitest';
import { parseBasicCredentials } from './basic-auth.js';
import { VerifiedPasswords } from './verified-passwords.js';

const ORG = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('parseBasicCredentials', () => {
  it('splits `<orgId>_<email>:<password>` at the first underscore and the first colon', () => {
    expect(parseBasicCredentials(b64(`${ORG}_robot_1@example.com:pa:ss`))).toEqual({
      organizationId: ORG,
      email: 'robot_1@example.com',
      password: 'pa:ss',
    });
  });

  it('normalises the organisation id and the email to lower case', () => {
    expect(parseBasicCredentials(`  ${b64(`${ORG.toUpperCase()}_Robot@Example.COM:x`)} `)).toMatchObject({
      organizationId: ORG,
      email: 'robot@example.com',
    });
  });

  it.each([
    ['empty', ''],
    ['not base64', '%%%'],
    ['no colon', b64(`${ORG}_robot@example.com`)],
    ['no underscore', b64('robot@example.com:x')],
    ['no uuid before the underscore', b64('org_robot@example.com:x')],
    ['an empty email', b64(`${ORG}_ :x`)],
    ['an empty password', b64(`${ORG}_robot@example.com:`)],
    ['an email over 256 characters', b64(`${ORG}_${'a'.repeat(257)}:x`)],
    ['a password over 1024 characters', b64(`${ORG}_robot@example.com:${'x'.repeat(1025)}`)],
  ])('refuses %s', (_, value) => {
    expect(parseBasicCredentials(value)).toBeNull();
  });
});

describe('VerifiedPasswords', () => {
  it('matches only against the stored hash the check passed against', () => {
    const cache = new VerifiedPasswords(10);
    const key = cache.keyOf('credentials');
    expect(cache.matches(key, 'hash-1')).toBe(false);
    cache.remember(key, 'hash-1');
    expect(cache.matches(key, 'hash-1')).toBe(true);
    // The password changed: the entry is worthless and goes.
    expect(cache.matches(key, 'hash-2')).toBe(false);
    expect(cache.matches(key, 'hash-1')).toBe(false);
    expect(cache.size).toBe(0);
  });

  it('keys are HMACs of this process, not the credentials', () => {
    const a = new VerifiedPasswords(10);
    const b = new VerifiedPasswords(10);
    expect(a.keyOf('secret')).not.toContain('secret');
    expect(a.keyOf('secret')).toBe(a.keyOf('secret'));
    expect(a.keyOf('secret')).not.toBe(b.keyOf('secret'));
  });

  it('drops the least recently used entry beyond its capacity', () => {
    const cache = new VerifiedPasswords(2);
    const [k1, k2, k3] = ['one', 'two', 'three'].map((s) => cache.keyOf(s)) as [string, string, string];
    cache.remember(k1, 'h');
    cache.remember(k2, 'h');
    expect(cache.matches(k1, 'h')).toBe(true);
    cache.remember(k3, 'h');
    expect(cache.size).toBe(2);
    expect(cache.matches(k2, 'h')).toBe(false);
    expect(cache.matches(k1, 'h')).toBe(true);
    expect(cache.matches(k3, 'h')).toBe(true);
  });
});
