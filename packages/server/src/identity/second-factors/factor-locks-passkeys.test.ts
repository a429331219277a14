import type { ApiError } from '@perch/client';
import type { PasskeyRequired } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ATTACKER_ADDRESSES,
  clientFrom,
  expectLocked,
  letLockLapse,
  lockMails,
  loginFrom,
  reasonCounts,
} from '../../test-support/factor-locks.js';
import { failure, statusOf } from '../../test-support/http.js';
import {
  codeAt,
  enableTotp,
  passkeyLoginAnswer,
  registerPasskey,
  signInOn,
  siteOf,
  type Site,
} from '../../test-support/second-factors.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';
import { TestSmtpServer } from '../../test-support/smtp-server.js';
import { SoftwareAuthenticator } from '../../test-support/webauthn-authenticator.js';

/**
 * Second-factor locks for passkeys: failed passkey answers, as the second step of a password
 * sign-in or in a passkey sign-in alone, are counted for the account from every address; 20 lock
 * the account's passkeys (both ways of using them) while its TOTP goes on working.
 */
let s: TestServer;
let site: Site;
let smtp: TestSmtpServer;
const EMAIL = 'paul@test.perch.local';

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
  s = await startTestServer({
    ...smtp.env,
    MAIL_POLL_SECONDS: '0.2',
    TRUST_PROXY: '1',
    LOGIN_PROTECTION_MAX_FAILS: '10',
  });
  site = siteOf(s);
});
afterAll(async () => {
  await s.close();
  await smtp.stop();
});
beforeEach(async () => {
  await s.reset();
  smtp.mails.length = 0;
});

/** Paul with a passkey on a software authenticator, and TOTP when asked. */
async function paul(opts: { totp?: boolean } = {}) {
  const id = await s.createUser({ email: EMAIL });
  const c = await signInOn(s, site, EMAIL, TEST_PASSWORD);
  const authenticator = new SoftwareAuthenticator();
  await registerPasskey(c, authenticator, site);
  const secret = opts.totp ? await enableTotp(c) : '';
  return { id, authenticator, secret };
}

/** An assertion whose signature cannot verify. */
function tampered(credential: Record<string, unknown>): Record<string, unknown> {
  const response = credential.response as Record<string, string>;
  return { ...credential, response: { ...response, signature: response.clientDataJSON } };
}

const passwordLogin = (ip: string, extra: Record<string, unknown> = {}) =>
  loginFrom(s, ip, { email: EMAIL, password: TEST_PASSWORD, organizationId: s.orgId, ...extra }, site);
const finishFrom = (ip: string, body: unknown) => clientFrom(s, ip, site).post('/auth/passkey/login/finish', body);

describe('a passkey lock', () => {
  it('comes after 20 failed second-step answers from 8 addresses, covers both ways of using passkeys, leaves TOTP working', async () => {
    const { id, authenticator, secret } = await paul({ totp: true });
    const asked = (await passwordLogin(ATTACKER_ADDRESSES[0]!)).error!.body as PasskeyRequired;
    expect(asked.requirePasskey).toBe(true);
    const genuine = authenticator.get(asked.passkeyChallenge, site.origin);
    const bad = { passkeyStateId: asked.stateId, passkeyCredential: tampered(genuine) };

    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) statuses.push((await passwordLogin(ATTACKER_ADDRESSES[i % 8]!, bad)).status);
    expect(statuses).toEqual([...Array(19).fill(404), ...Array(5).fill(429)]);
    expect(await reasonCounts(s, EMAIL)).toEqual({ passkey_assertion_invalid: 20, second_factor_locked: 4 });

    // The genuine answer is refused unchecked (its challenge stays unused).
    const good = { passkeyStateId: asked.stateId, passkeyCredential: genuine };
    expectLocked((await passwordLogin('198.51.100.1', good)).error);
    // A password sign-in asks for the TOTP code instead of the locked passkey, and the code works.
    const asks = (await passwordLogin('198.51.100.1')).error!;
    expect(asks.status).toBe(401);
    expect(asks.body).not.toHaveProperty('requirePasskey');
    expect((await passwordLogin('198.51.100.1', { code: await codeAt(secret, 1) })).status).toBe(200);
    // The passkey alone is refused too, and logged as such.
    const alone = await passkeyLoginAnswer(clientFrom(s, '198.51.100.1', site), authenticator, site, s.orgId);
    expectLocked(await failure(finishFrom('198.51.100.1', alone)));
    const log = await s.deps.db
      .selectFrom('auth_attempts')
      .select(['method', 'error_code'])
      .where('email', '=', EMAIL)
      .where('error_code', '=', 'second_factor_locked')
      .orderBy('created_at')
      .execute();
    expect(log.map((r) => r.method)).toEqual([...Array(5).fill('passkey_2fa'), 'passkey']);

    const [mail] = await smtp.waitFor(1, { to: EMAIL });
    expect(mail!.text).toContain('signing in with passkeys is locked until');
    await letLockLapse(s, 'passkey', id);
    expect((await passwordLogin('198.51.100.1', good)).status).toBe(200);
    expect(await lockMails(s, EMAIL)).toHaveLength(1);
  });

  it('comes after 20 failed passkey sign-ins of a known passkey; without TOTP the password sign-in is refused too', async () => {
    const { id, authenticator } = await paul();
    const answer = await passkeyLoginAnswer(clientFrom(s, ATTACKER_ADDRESSES[0]!, site), authenticator, site, s.orgId);
    const bad = { stateId: answer.stateId, credential: tampered(answer.credential) };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push(await statusOf(finishFrom(ATTACKER_ADDRESSES[i % 8]!, bad)));
    expect(statuses).toEqual([...Array(19).fill(404), 429, 429]);

    expectLocked(await failure(finishFrom('198.51.100.1', answer)));
    // No TOTP to fall back on: the locked passkey is not asked for, the sign-in is refused.
    const refused = (await passwordLogin('198.51.100.1')).error as ApiError;
    expectLocked(refused);
    expect(refused.body).not.toHaveProperty('requirePasskey');
    expect(await reasonCounts(s, EMAIL)).toEqual({ passkey_assertion_invalid: 20, second_factor_locked: 3 });
    await smtp.waitFor(1, { to: EMAIL });

    await letLockLapse(s, 'passkey', id);
    expect((await finishFrom('198.51.100.1', answer)).status).toBe(200);
    expect(await lockMails(s, EMAIL)).toHaveLength(1);
  });
});
