import { Role } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/password.js';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
} from '../../test-support/server.js';

/**
 * Password checks under load: each costs a hash, so a process runs only as many at once as
 * PASSWORD_CHECK_CONCURRENCY and lets the others wait at most PASSWORD_CHECK_WAIT_SECONDS;
 * beyond that a sign-in is answered 503 with Retry-After (and logged as `busy`) instead of
 * hanging. Unknown accounts and wrong passwords both cost a check, so neither answers faster.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ TRUST_PROXY: '1', PASSWORD_CHECK_CONCURRENCY: '1', PASSWORD_CHECK_WAIT_SECONDS: '0.2' });
});
afterAll(() => s.close());
beforeEach(() => s.reset());

/**
 * Where a sign-in that found every check place taken must have its answer by: far beyond the
 * 0.2 s wait the servers below allow (a machine under heavy load answers in a second or two),
 * far below "never" (a sign-in that waits for the held check, or the test's own time limit).
 */
const ANSWERED_WITHIN_MS = 10_000;

const post = (path: string, body: object, ip: string, headers: Record<string, string> = {}) =>
  fetch(`${s.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
    body: JSON.stringify(body),
  });
const signIn = (email: string, password: string, ip: string) =>
  post('/auth/login', { email, password, organizationId: s.orgId }, ip);
const basic = (email: string, ip: string) =>
  fetch(`${s.url}/user/me`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${s.orgId}_${email}:${TEST_PASSWORD}`).toString('base64')}`,
      'x-forwarded-for': ip,
    },
  });

/** Takes the process's only password check place until `release` is called. */
function occupyPasswordChecks(): { release: () => Promise<void> } {
  let release!: () => void;
  const held = s.deps.passwordChecks.run('test', () => new Promise<void>((r) => (release = r)));
  return {
    release: async () => {
      release();
      await held;
    },
  };
}

const lastAttempt = () =>
  s.deps.db
    .selectFrom('auth_attempts')
    .select(['email', 'successful', 'error_code', 'error_detail'])
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();

describe('when every password check place is taken', () => {
  it('a sign-in is answered 503 with Retry-After within the wait, logged as busy, and not counted as a failure', async () => {
    const checks = occupyPasswordChecks();
    try {
      for (let i = 0; i < 4; i++) {
        const started = Date.now();
        const res = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD, '203.0.113.7');
        expect(res.status).toBe(503);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(Date.now() - started).toBeLessThan(ANSWERED_WITHIN_MS);
      }
      expect(await lastAttempt()).toMatchObject({ email: ADMIN_EMAIL, successful: false, error_code: 'busy' });
    } finally {
      await checks.release();
    }
    // Four unchecked attempts are no failures (the limit is 3): the same address signs in.
    expect((await signIn(ADMIN_EMAIL, ADMIN_PASSWORD, '203.0.113.7')).status).toBe(200);
  });

  it('concurrent sign-ins, the forced password change and HTTP Basic all get 503, none hangs', async () => {
    await s.createUser({ email: 'robot@test.perch.local', role: Role.ServiceAccountReadWrite });
    const checks = occupyPasswordChecks();
    try {
      const started = Date.now();
      const answers = await Promise.all([
        ...Array.from({ length: 12 }, (_, i) => signIn(`ghost${i}@example.org`, 'Wrong!pass1', `2001:db8:${i}::1`)),
        post(
          '/auth/updatepw',
          { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, newPassword: 'Other!pass2', organizationId: s.orgId },
          '198.51.100.3',
        ),
        basic('robot@test.perch.local', '198.51.100.4'),
      ]);
      expect(answers.map((r) => r.status)).toEqual(Array<number>(14).fill(503));
      expect(answers.every((r) => Number(r.headers.get('retry-after')) >= 1)).toBe(true);
      expect(Date.now() - started).toBeLessThan(ANSWERED_WITHIN_MS);
      const basicLog = await s.deps.db
        .selectFrom('auth_attempts')
        .select(['error_code', 'error_detail'])
        .where('email', '=', 'robot@test.perch.local')
        .executeTakeFirstOrThrow();
      expect(basicLog.error_code).toBe('busy');
      expect(basicLog.error_detail).toContain('HTTP Basic');
    } finally {
      await checks.release();
    }
    expect((await basic('robot@test.perch.local', '198.51.100.4')).status).toBe(200);
  });

  it('a real flood at the production hash cost is answered at once: checked (400) or refused (503)', async () => {
    const production = await startTestServer(
      {
        TRUST_PROXY: '1',
        PASSWORD_CHECK_CONCURRENCY: '1',
        PASSWORD_CHECK_WAIT_SECONDS: '0.2',
        PASSWORD_HASH_MEMORY_KIB: '19456',
        PASSWORD_HASH_PASSES: '2',
      },
      { reset: false },
    );
    try {
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          fetch(`${production.url}/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `2001:db8:${i}::9` },
            body: JSON.stringify({ email: `ghost${i}@example.org`, password: 'Wrong!pass1', organizationId: s.orgId }),
          }).then((r) => r.status),
        ),
      );
      expect(answers.every((status) => status === 400 || status === 503)).toBe(true);
      expect(answers.filter((status) => status === 503).length).toBeGreaterThan(0);
      expect(answers.filter((status) => status === 400).length).toBeGreaterThan(0);
      expect(Date.now() - started).toBeLessThan(ANSWERED_WITHIN_MS);
    } finally {
      await production.close();
    }
  });
});

describe('no cheap answers', () => {
  it('unknown accounts, unusable accounts, unknown organisations and wrong passwords each cost a password check', async () => {
    const disabled = await s.createUser({ email: 'gone@test.perch.local' });
    await s.deps.db.updateTable('users').set({ disabled: true }).where('id', '=', disabled).execute();
    const attempts: [string, () => Promise<Response>][] = [
      ['wrong password', () => signIn(ADMIN_EMAIL, 'Wrong!pass1', '192.0.2.1')],
      ['unknown account', () => signIn('nobody@test.perch.local', 'Wrong!pass1', '192.0.2.1')],
      ['disabled account', () => signIn('gone@test.perch.local', TEST_PASSWORD, '192.0.2.1')],
      [
        'unknown organisation',
        () =>
          post(
            '/auth/login',
            { email: ADMIN_EMAIL, password: 'Wrong!pass1', organizationId: '00000000-0000-4000-8000-000000000000' },
            '192.0.2.1',
          ),
      ],
      ['HTTP Basic, unknown account', () => basic('nobody@test.perch.local', '192.0.2.1')],
    ];
    for (const [what, attempt] of attempts) {
      const before = s.deps.passwordChecks.stats.completed;
      const res = await attempt();
      expect([400, 401], what).toContain(res.status);
      expect(s.deps.passwordChecks.stats.completed - before, what).toBe(1);
    }
  });

  it('a made-up reset or invitation link is refused before any password is hashed', async () => {
    // A hash before the refusal would show: each refusal must take less than half of one hash at
    // the server's cost, timed here, on this machine, now (the faster of two: the first also pays
    // for getting its memory).
    const cost = { PASSWORD_HASH_MEMORY_KIB: 131_072, PASSWORD_HASH_PASSES: 8 };
    const costly = await startTestServer(
      {
        PASSWORD_HASH_MEMORY_KIB: String(cost.PASSWORD_HASH_MEMORY_KIB),
        PASSWORD_HASH_PASSES: String(cost.PASSWORD_HASH_PASSES),
      },
      { reset: false, signIn: false },
    );
    try {
      const timeHash = async () => {
        const started = Date.now();
        await hashPassword('New!pass-123', cost);
        return Date.now() - started;
      };
      const hashMs = Math.min(await timeHash(), await timeHash());
      const link = '00000000-0000-4000-8000-000000000000';
      for (const path of [`/auth/pwreset/${link}`, `/auth/setpw/${link}`]) {
        const started = Date.now();
        const res = await fetch(`${costly.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ password: 'New!pass-123' }),
        });
        expect(res.status, path).toBe(404);
        expect(Date.now() - started, `${path} (one hash: ${hashMs} ms)`).toBeLessThan(hashMs / 2);
      }
    } finally {
      await costly.close();
    }
  });
});
