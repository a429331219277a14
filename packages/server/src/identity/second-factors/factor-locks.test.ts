import { routes } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ATTACKER_ADDRESSES,
  expectLocked,
  letLockLapse,
  lockMails,
  loginFrom,
  reasonCounts,
} from '../../test-support/factor-locks.js';
import { codeAt, enableTotp } from '../../test-support/second-factors.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';
import { checkUnderLock } from './factor-locks.js';
import { TestSmtpServer } from '../../test-support/smtp-server.js';

/**
 * Second-factor locks for TOTP and recovery codes: an attacker who knows the password spreads
 * guesses over eight client addresses, so the per-address throttle (LOGIN_PROTECTION_MAX_FAILS
 * at its production value, 10) never stops them; the account's own count locks the factor after
 * 20 failures, refuses even the right code, mails the owner once, and ends after its hour. Two
 * server instances on one database share the count.
 */
let s: TestServer;
let two: TestServer;
let smtp: TestSmtpServer;
const EMAIL = 'tina@test.perch.local';
const LOCK_SECONDS = 3600;

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
  const env = {
    ...smtp.env,
    MAIL_POLL_SECONDS: '0.2',
    PUBLIC_URL: 'https://perch.example.com',
    TRUST_PROXY: '1',
    LOGIN_PROTECTION_MAX_FAILS: '10',
  };
  s = await startTestServer(env);
  two = await startTestServer(env, { reset: false, signIn: false });
});
afterAll(async () => {
  await two.close();
  await s.close();
  await smtp.stop();
});
beforeEach(async () => {
  await s.reset();
  smtp.mails.length = 0;
});

/** Tina with TOTP and ten recovery codes. */
async function tina(language?: string) {
  const id = await s.createUser({ email: EMAIL, firstname: 'Tina' });
  const c = await s.signIn(EMAIL);
  if (language) await c.put('/preference/mail_language', { value: language });
  const secret = await enableTotp(c);
  const { codes } = await c.call(routes.totp.newRecoveryCodes);
  return { id, c, secret, recovery: codes };
}

/** A six-digit code that none of the accepted time steps shows. */
async function wrongCode(secret: string): Promise<string> {
  const near = await Promise.all([-1, 0, 1].map((step) => codeAt(secret, step)));
  return ['111111', '222222', '333333', '444444'].find((c) => !near.includes(c))!;
}

const signIn = (ip: string, code: string, on: TestServer = s) =>
  loginFrom(on, ip, { email: EMAIL, password: TEST_PASSWORD, organizationId: s.orgId, code });

/** Sends the codes in turn, each from the next of the eight addresses; the statuses. */
async function guess(codes: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const [i, code] of codes.entries())
    statuses.push((await signIn(ATTACKER_ADDRESSES[i % ATTACKER_ADDRESSES.length]!, code)).status);
  return statuses;
}

/** `POST /auth/updatepw` from `ip`, as the raw answer. */
const clientPost = (ip: string, body: Record<string, string>) =>
  fetch(`${s.url}/auth/updatepw`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });

describe('a TOTP lock', () => {
  it('comes after 20 wrong codes from 8 addresses, refuses the right code, mails the owner once and ends after its time', async () => {
    const { id, secret, recovery } = await tina();
    const wrong = await wrongCode(secret);

    // 8 addresses × 10 tries: before the lock all 80 codes would have been checked.
    const statuses = await guess(Array<string>(80).fill(wrong));
    expect(statuses.slice(0, 19)).toEqual(Array(19).fill(400));
    // The 20th failure locks; from then on nothing is checked.
    expect(statuses.slice(19)).toEqual(Array(61).fill(429));
    expect(await reasonCounts(s, EMAIL)).toEqual({ totp_invalid: 20, second_factor_locked: 60 });

    // The right code from a ninth address, and on the other instance: refused, unchecked.
    const right = await codeAt(secret, 1);
    expectLocked((await signIn('198.51.100.1', right)).error, LOCK_SECONDS);
    expectLocked((await signIn('198.51.100.2', right, two)).error, LOCK_SECONDS);
    const last = await s.deps.db
      .selectFrom('auth_attempts')
      .select(['method', 'error_code', 'error_detail', 'client_address'])
      .where('email', '=', EMAIL)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({ method: 'totp', error_code: 'second_factor_locked', client_address: '198.51.100.2' });
    expect(last.error_detail).toMatch(/^Authenticator codes locked until \d{4}-\d\d-\d\dT/);

    // Recovery codes are counted apart and still sign in; that success does not end the lock.
    expect((await signIn('198.51.100.1', recovery[0]!)).status).toBe(200);
    expectLocked((await signIn('198.51.100.1', right)).error, LOCK_SECONDS);

    // One mail, in the owner's language (the organisation's: English), whatever followed the lock.
    const [mail] = await smtp.waitFor(1, { to: EMAIL });
    expect(mail!.subject).toBe('A sign-in step of your Perch account was locked');
    expect(mail!.text).toContain('Hello Tina,');
    expect(mail!.text).toContain(
      `Someone who knows the password of your account ${EMAIL} at Test Org has failed the second sign-in step`,
    );
    expect(mail!.text).toMatch(
      /signing in with codes from your authenticator app is locked until \w+day, .+ \([\w/]+\)\./,
    );
    expect(mail!.text).toContain('someone else knows your password: change it now.');
    expect(mail!.link).toBe('https://perch.example.com/ui/preferences?tab=security');
    expect(await lockMails(s, EMAIL)).toEqual([{ subject: mail!.subject, language: 'en' }]);

    // An hour later (the row moved back in time) the right code signs in; it was never used.
    await letLockLapse(s, 'totp', id);
    expect((await signIn('198.51.100.1', right)).status).toBe(200);
    expect(smtp.mails).toHaveLength(1);
  });

  it('holds with 40 wrong codes sent at once to two instances: 20 are checked, one mail goes', async () => {
    const { secret } = await tina();
    const wrong = await wrongCode(secret);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(ATTACKER_ADDRESSES[i % 8]!, wrong, i % 2 ? two : s)),
    );
    // 19 wrong-code answers and the one that locked; the other 20 waited for no check.
    expect(results.filter((r) => r.status === 400)).toHaveLength(19);
    expect(results.filter((r) => r.status === 429)).toHaveLength(21);
    expect(await reasonCounts(s, EMAIL)).toEqual({ totp_invalid: 20, second_factor_locked: 20 });
    expectLocked((await signIn('198.51.100.1', await codeAt(secret, 1))).error, LOCK_SECONDS);
    await smtp.waitFor(1, { to: EMAIL });
    expect(await lockMails(s, EMAIL)).toHaveLength(1);
  });

  it('lets no more checks run than the limit, however many attempts race while checks are slow', async () => {
    const { id } = await tina();
    const user = await s.deps.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    let checks = 0;
    const slowWrongCheck = async () => {
      checks += 1;
      await new Promise((r) => setTimeout(r, 30));
      return false;
    };
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        checkUnderLock(i % 2 ? two.deps : s.deps, user, 'totp', slowWrongCheck, (passed) => !passed),
      ),
    );
    expect(checks).toBe(20);
    expect(outcomes.filter((o) => 'locked' in o)).toHaveLength(20);
    expect(outcomes.filter((o) => 'lockedNow' in o && o.lockedNow)).toHaveLength(1);
    expect(await lockMails(s, EMAIL)).toHaveLength(1);
  });

  it('counts failures within the hour only, and keeps counting through a success', async () => {
    const { id, secret } = await tina();
    const wrong = await wrongCode(secret);
    expect(await guess(Array<string>(19).fill(wrong))).toEqual(Array(19).fill(400));
    // The window began more than an hour ago: the next failure starts a new count.
    await s.deps.db
      .updateTable('login_throttle')
      .set({ window_start: new Date(Date.now() - 61 * 60_000) })
      .where('key', '=', `2fa:totp:${id}`)
      .execute();
    expect(await guess(Array<string>(18).fill(wrong))).toEqual(Array(18).fill(400));
    // The owner signs in: the 18 failures stay counted, so the second failure after it locks.
    expect((await signIn('198.51.100.1', await codeAt(secret, 1))).status).toBe(200);
    expect(await guess([wrong, wrong])).toEqual([400, 429]);
    expect(await lockMails(s, EMAIL)).toHaveLength(1);
  });

  it('counts and refuses codes sent with the forced password change', async () => {
    const { secret } = await tina();
    await s.deps.db.updateTable('users').set({ password_update_required: true }).where('email', '=', EMAIL).execute();
    const wrong = await wrongCode(secret);
    const change = (ip: string, code: string) =>
      clientPost(ip, {
        email: EMAIL,
        password: TEST_PASSWORD,
        organizationId: s.orgId,
        newPassword: 'Brand!new9pw',
        code,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await change(ATTACKER_ADDRESSES[i % 8]!, wrong)).status);
    expect(statuses).toEqual([...Array(19).fill(400), 429]);
    const refused = await change('198.51.100.1', await codeAt(secret, 1));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-error-code')).toBe('5003');
    // The password did not change.
    expect(
      (
        await s.deps.db
          .selectFrom('users')
          .select('password_update_required')
          .where('email', '=', EMAIL)
          .executeTakeFirstOrThrow()
      ).password_update_required,
    ).toBe(true);
  });
});

describe('a recovery-code lock', () => {
  it('comes after 20 wrong recovery codes, refuses a valid one unused, leaves TOTP working, mails in the owner language', async () => {
    const { id, c, secret, recovery } = await tina('de');
    // Well-formed codes that are not hers.
    const statuses = await guess(Array.from({ length: 24 }, (_, i) => `ZZZZ-ZZZZ-${'ABCDEFGHJKLMNPQRSTUVWXYZ'[i]}ZZZ`));
    expect(statuses).toEqual([...Array(19).fill(400), ...Array(5).fill(429)]);
    expectLocked((await signIn('198.51.100.1', recovery[0]!)).error, LOCK_SECONDS);
    expect(await c.call(routes.totp.recoveryCodeCount)).toEqual({ remaining: 10 });
    expect(await reasonCounts(s, EMAIL)).toEqual({ totp_invalid: 20, second_factor_locked: 5 });

    // TOTP is another factor: it signs in.
    expect((await signIn('198.51.100.1', await codeAt(secret, 1))).status).toBe(200);

    // A lock mail of an earlier test may still arrive late (in English); hers is in German.
    const GERMAN = 'Ein Anmeldeschritt deines Perch-Kontos wurde gesperrt';
    await expect
      .poll(async () => (await smtp.waitFor(1, { to: EMAIL })).map((m) => m.subject), { timeout: 15_000 })
      .toContain(GERMAN);
    const mail = (await smtp.waitFor(1, { to: EMAIL })).find((m) => m.subject === GERMAN);
    expect(mail!.subject).toBe(GERMAN);
    expect(mail!.text).toContain('die Anmeldung mit Wiederherstellungscodes bis ');
    expect(mail!.text).toContain('kennt jemand anderes dein Passwort: Ändere es jetzt.');

    await letLockLapse(s, 'recovery', id);
    expect((await signIn('198.51.100.1', recovery[0]!)).status).toBe(200);
    expect(await lockMails(s, EMAIL)).toHaveLength(1);
  });
});
