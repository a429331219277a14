import { login, PerchClient, type ApiError } from '@perch/client';
import type { LoginRequest } from '@perch/contract';
import { expect } from 'vitest';
import { fetchWithHost, type Site } from './second-factors.js';
import type { TestServer } from './server.js';

/**
 * Second-factor locks in tests: an attacker who knows the password and sends guesses from many
 * client addresses (one trusted proxy, `TRUST_PROXY=1`, writes each into `X-Forwarded-For`), the
 * lock rows to move in time, and the sign-in log's reasons.
 */

/** Eight client addresses of one attacker. */
export const ATTACKER_ADDRESSES = Array.from({ length: 8 }, (_, i) => `203.0.113.${10 + i}`);

/** A signed-out client whose requests arrive from `ip` (and with `site`'s Host, for passkeys). */
export function clientFrom(s: TestServer, ip: string, site?: Site): PerchClient {
  const base: typeof fetch = site ? fetchWithHost(site.host) : (input, init) => globalThis.fetch(input, init);
  return new PerchClient({
    baseUrl: s.url,
    fetch: (input, init) =>
      base(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-forwarded-for': ip } }),
  });
}

/** A password sign-in from `ip`; the status it ended with (200 when it signed in) and the error. */
export async function loginFrom(
  s: TestServer,
  ip: string,
  req: LoginRequest,
  site?: Site,
): Promise<{ status: number; error?: ApiError }> {
  try {
    await login(clientFrom(s, ip, site), req);
    return { status: 200 };
  } catch (e) {
    return { status: (e as ApiError).status, error: e as ApiError };
  }
}

/** The refusal of a locked factor: 429, application code 5003, `Retry-After` up to the lock's length. */
export function expectLocked(error: ApiError | undefined, lockSeconds = 3600): void {
  expect(error?.status).toBe(429);
  expect(error?.appCode).toBe(5003);
  expect(error?.retryAfterSeconds).toBeGreaterThan(lockSeconds - 60);
  expect(error?.retryAfterSeconds).toBeLessThanOrEqual(lockSeconds);
}

/** Ends the running lock of a factor of a user, and its window, as if the hour had passed. */
export async function letLockLapse(s: TestServer, factor: string, userId: string): Promise<void> {
  const past = new Date(Date.now() - 1000);
  await s.deps.db
    .updateTable('login_throttle')
    .set({ blocked_until: past, window_start: new Date(Date.now() - 61 * 60_000) })
    .where('key', '=', `2fa:${factor}:${userId}`)
    .execute();
}

/** How often each reason appears among a user's failed attempts in the sign-in log. */
export async function reasonCounts(s: TestServer, email: string): Promise<Record<string, number>> {
  const rows = await s.deps.db
    .selectFrom('auth_attempts')
    .select('error_code')
    .where('email', '=', email)
    .where('successful', '=', false)
    .execute();
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.error_code] = (counts[r.error_code] ?? 0) + 1;
  return counts;
}

/** The lock mails queued for an address. */
export async function lockMails(s: TestServer, recipient: string) {
  return s.deps.db
    .selectFrom('mail_outbox')
    .select(['subject', 'language'])
    .where('kind', '=', 'second-factor-locked')
    .where('recipient', '=', recipient)
    .execute();
}
