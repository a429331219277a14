import { login } from '@perch/client';
import { routes, TOTP_RECOVERY_CODE_COUNT } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statusOf } from '../../test-support/http.js';
import { enableTotp } from '../../test-support/second-factors.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';
import { normaliseRecoveryCode } from './recovery-codes.js';

/** TOTP recovery codes (Perch addition): made and shown once, each signs in once, gone with TOTP. */
let s: TestServer;
const EMAIL = 'rita@test.perch.local';

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(async () => {
  await s.reset();
});

const loginWith = (code: string) =>
  login(s.client(), { email: EMAIL, password: TEST_PASSWORD, organizationId: s.orgId, code });

describe('recovery codes', () => {
  it('need TOTP to be on', async () => {
    await s.createUser({ email: EMAIL });
    const c = await s.signIn(EMAIL);
    expect(await c.call(routes.totp.recoveryCodeCount)).toEqual({ remaining: 0 });
    expect(await statusOf(c.call(routes.totp.newRecoveryCodes))).toBe(403);
    expect(await statusOf(s.client().call(routes.totp.newRecoveryCodes))).toBe(401);
  });

  it('are 10 readable codes, stored hashed; each signs in once, in any case and without dashes', async () => {
    await s.createUser({ email: EMAIL });
    const c = await s.signIn(EMAIL);
    await enableTotp(c);
    const { codes } = await c.call(routes.totp.newRecoveryCodes);
    expect(codes).toHaveLength(TOTP_RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    expect(await c.call(routes.totp.recoveryCodeCount)).toEqual({ remaining: 10 });
    const stored = await s.deps.db.selectFrom('totp_recovery_codes').select('code_hash').execute();
    expect(stored.map((r) => r.code_hash).join()).not.toContain(codes[0]!.replace(/-/g, ''));

    const typed = codes[0]!.toLowerCase().replace(/-/g, ' ');
    await loginWith(typed);
    expect(await statusOf(loginWith(codes[0]!))).toBe(400);
    expect(await c.call(routes.totp.recoveryCodeCount)).toEqual({ remaining: 9 });
    await loginWith(codes[1]!);
    expect(await statusOf(loginWith('ZZZZ-ZZZZ-ZZZZ'))).toBe(400);
    const log = await s.deps.db
      .selectFrom('auth_attempts')
      .select(['method', 'successful', 'error_code'])
      .where('email', '=', EMAIL)
      .orderBy('created_at')
      .execute();
    expect(log).toEqual([
      { method: 'password', successful: true, error_code: '' },
      { method: 'totp', successful: true, error_code: '' },
      { method: 'totp', successful: false, error_code: 'totp_invalid' },
      { method: 'totp', successful: true, error_code: '' },
      { method: 'totp', successful: false, error_code: 'totp_invalid' },
    ]);
  });

  it('are replaced by a new set, and go when TOTP is turned off', async () => {
    await s.createUser({ email: EMAIL });
    const c = await s.signIn(EMAIL);
    await enableTotp(c);
    const first = (await c.call(routes.totp.newRecoveryCodes)).codes;
    const second = (await c.call(routes.totp.newRecoveryCodes)).codes;
    expect(await statusOf(loginWith(first[0]!))).toBe(400);
    await loginWith(second[0]!);
    await c.call(routes.totp.disable);
    expect(await c.call(routes.totp.recoveryCodeCount)).toEqual({ remaining: 0 });
    expect(await s.deps.db.selectFrom('totp_recovery_codes').selectAll().execute()).toEqual([]);
    // Without TOTP the code field is not looked at; the password alone signs in.
    await loginWith(second[1]!);
  });

  it('are told apart from TOTP codes and other text', () => {
    expect(normaliseRecoveryCode(' 7kq2-m9xd-4tra ')).toBe('7KQ2M9XD4TRA');
    expect(normaliseRecoveryCode('123456')).toBeNull();
    expect(normaliseRecoveryCode('7KQ2-M9XD-4TR0')).toBeNull();
    expect(normaliseRecoveryCode('7KQ2-M9XD-4TRAA')).toBeNull();
  });
});
