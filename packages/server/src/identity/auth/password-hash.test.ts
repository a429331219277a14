import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import {
  DEFAULT_PASSWORD_HASH_MEMORY_KIB,
  DEFAULT_PASSWORD_HASH_PASSES,
  hashPassword,
  needsRehash,
  verifyPassword,
} from '../../lib/password.js';
import { statusOf } from '../../test-support/http.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';

/**
 * Passwords are hashed with argon2id at OWASP's parameters (m = 19 MiB, t = 2, p = 1). A hash
 * made at a lower cost, or with the scrypt of earlier versions, still verifies and is replaced
 * at the next successful sign-in.
 */
let weak: TestServer;
let strong: TestServer;
const EMAIL = 'rehash@test.perch.local';
const PRODUCTION = { PASSWORD_HASH_MEMORY_KIB: 19_456, PASSWORD_HASH_PASSES: 2 };

beforeAll(async () => {
  weak = await startTestServer({ PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_PASSES: '1' });
  strong = await startTestServer({ PASSWORD_HASH_MEMORY_KIB: '19456', PASSWORD_HASH_PASSES: '2' }, { reset: false });
  await weak.createUser({ email: EMAIL, password: TEST_PASSWORD });
});
afterAll(async () => {
  await strong.close();
  await weak.close();
});

const storedHash = async () =>
  (await weak.deps.db.selectFrom('users').select('password_hash').where('email', '=', EMAIL).executeTakeFirstOrThrow())
    .password_hash!;

/** A hash as earlier versions wrote it: scrypt, `scrypt$N$r$p$salt$hash`. */
function legacyScryptHash(password: string, N: number): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
  return ['scrypt', N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe('password hashes', () => {
  it('use argon2id with m = 19 MiB, t = 2, p = 1 unless configured otherwise', async () => {
    expect(DEFAULT_PASSWORD_HASH_MEMORY_KIB).toBe(19_456);
    expect(DEFAULT_PASSWORD_HASH_PASSES).toBe(2);
    const config = loadConfig({});
    expect([config.PASSWORD_HASH_MEMORY_KIB, config.PASSWORD_HASH_PASSES]).toEqual([19_456, 2]);
    const hash = await hashPassword('Sec!ret-pw1', config);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('Sec!ret-pw1', hash)).toBe(true);
    expect(await verifyPassword('Sec!ret-pw2', hash)).toBe(false);
    expect(needsRehash(hash, PRODUCTION)).toBe(false);
    expect(needsRehash(hash.replace('m=19456,', 'm=1024,'), PRODUCTION)).toBe(true);
    expect(needsRehash(hash.replace(',t=2,', ',t=1,'), PRODUCTION)).toBe(true);
    expect(needsRehash(legacyScryptHash('x', 2 ** 10), PRODUCTION)).toBe(true);
  });

  it('refuse stored hashes with parameters this server never writes', async () => {
    expect(await verifyPassword('x', 'scrypt$1073741824$8$1$AAAA$AAAA')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1000$8$1$AAAA$AAAA')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1024$0$1$AAAA$AAAA')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$2a$10$abc')).toBe(false);
    // 4 GiB of memory, or a thousand passes: refused unchecked, not computed.
    const real = await hashPassword('x', { PASSWORD_HASH_MEMORY_KIB: 1024, PASSWORD_HASH_PASSES: 1 });
    expect(await verifyPassword('x', real)).toBe(true);
    expect(await verifyPassword('x', real.replace('m=1024,', 'm=4194304,'))).toBe(false);
    expect(await verifyPassword('x', real.replace(',t=1,', ',t=1000,'))).toBe(false);
    expect(await verifyPassword('x', real.replace('$argon2id$', '$argon2d$'))).toBe(false);
  });

  it('an older, cheaper hash is replaced at the next successful sign-in, and still works', async () => {
    expect(await storedHash()).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    // A failed sign-in changes nothing.
    expect(await statusOf(strong.signIn(EMAIL, 'Wrong!pass1'))).toBe(400);
    expect(await storedHash()).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,/);
    await strong.signIn(EMAIL);
    expect(await storedHash()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The new hash verifies on every server, and a server at the higher cost leaves it alone.
    await weak.signIn(EMAIL);
    await strong.signIn(EMAIL);
    expect(await storedHash()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,/);
  });

  it.each([
    ['2^14', 2 ** 14],
    ['2^17, the cost earlier versions used', 2 ** 17],
  ])('a scrypt hash of an earlier version (N = %s) signs in and is replaced by argon2id', async (_, N) => {
    const legacy = legacyScryptHash(TEST_PASSWORD, N);
    await weak.deps.db.updateTable('users').set({ password_hash: legacy }).where('email', '=', EMAIL).execute();
    expect(await statusOf(strong.signIn(EMAIL, 'Wrong!pass1'))).toBe(400);
    expect(await storedHash()).toBe(legacy);
    await strong.signIn(EMAIL);
    expect(await storedHash()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await weak.signIn(EMAIL);
  });
});
