import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { DEFAULT_PASSWORD_HASH_COST, hashPassword, needsRehash, verifyPassword } from '../../lib/password.js';
import { statusOf } from '../../test-support/http.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';

/**
 * Passwords are hashed with scrypt at OWASP's minimum cost (N = 2^17, r = 8, p = 1). A hash
 * made at a lower cost still verifies and is replaced at the next successful sign-in.
 */
let weak: TestServer;
let strong: TestServer;
const EMAIL = 'rehash@test.perch.local';

beforeAll(async () => {
  weak = await startTestServer({ PASSWORD_HASH_COST: '14' });
  strong = await startTestServer({ PASSWORD_HASH_COST: '17' }, { reset: false });
  await weak.createUser({ email: EMAIL, password: TEST_PASSWORD });
});
afterAll(async () => {
  await strong.close();
  await weak.close();
});

const storedHash = async () =>
  (await weak.deps.db.selectFrom('users').select('password_hash').where('email', '=', EMAIL).executeTakeFirstOrThrow())
    .password_hash!;

describe('password hashes', () => {
  it('use N = 2^17, r = 8, p = 1 unless configured otherwise', async () => {
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(17);
    expect(loadConfig({}).PASSWORD_HASH_COST).toBe(17);
    const hash = await hashPassword('Sec!ret-pw1', DEFAULT_PASSWORD_HASH_COST);
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('Sec!ret-pw1', hash)).toBe(true);
    expect(await verifyPassword('Sec!ret-pw2', hash)).toBe(false);
    expect(needsRehash(hash, 17)).toBe(false);
    expect(needsRehash(hash.replace('$131072$', '$16384$'), 17)).toBe(true);
  });

  it('refuse stored hashes with parameters this server never writes', async () => {
    expect(await verifyPassword('x', 'scrypt$1073741824$8$1$AAAA$AAAA')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1000$8$1$AAAA$AAAA')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$2a$10$abc')).toBe(false);
  });

  it('an older, cheaper hash is replaced at the next successful sign-in, and still works', async () => {
    expect(await storedHash()).toMatch(/^scrypt\$16384\$/);
    // A failed sign-in changes nothing.
    expect(await statusOf(strong.signIn(EMAIL, 'Wrong!pass1'))).toBe(400);
    expect(await storedHash()).toMatch(/^scrypt\$16384\$/);
    await strong.signIn(EMAIL);
    expect(await storedHash()).toMatch(/^scrypt\$131072\$8\$1\$/);
    // The new hash verifies on every server, and a server at the higher cost leaves it alone.
    await weak.signIn(EMAIL);
    await strong.signIn(EMAIL);
    expect(await storedHash()).toMatch(/^scrypt\$131072\$/);
  });
});
