import type { AppDeps } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { deleteThrottleRow, findBlockedUntil, lockThrottleRow, updateThrottleRow } from './repo.js';

/**
 * Failed sign-in throttling. Failures are counted per (account, client address) and per
 * client address alone. Reaching the limit blocks only that key for a while, doubling with
 * each repeated block (capped at a day). An attacker elsewhere therefore never locks the
 * real user out: the user's own address has its own counter. State lives in the database,
 * so every server process sees the same counters.
 */
export interface ThrottleKeys {
  account: string;
  address: string;
}

/** Address-wide failures allowed before the address is throttled, as a multiple of the per-account limit. */
const ADDRESS_FACTOR = 5;
const MAX_BLOCK_SECONDS = 86_400;

export function throttleKeys(orgId: string, email: string, ip: string): ThrottleKeys {
  return { account: `acct:${orgId}:${email.trim().toLowerCase()}|ip:${ip}`, address: `ip:${ip}` };
}

/** Seconds until the caller may try again, or 0 when not blocked. */
export async function blockedFor(deps: AppDeps, keys: ThrottleKeys): Promise<number> {
  const ends = await findBlockedUntil(deps.db, [keys.account, keys.address]);
  const until = Math.max(0, ...ends.map((d) => d.getTime()));
  return until ? Math.ceil((until - Date.now()) / 1000) : 0;
}

async function recordOne(deps: AppDeps, key: string, maxFails: number, windowSeconds: number, banSeconds: number) {
  await inTransaction(deps, async (tx) => {
    const row = await lockThrottleRow(tx.db, key);
    const now = Date.now();
    const windowExpired = row.window_start.getTime() < now - windowSeconds * 1000;
    // Repeated blocks grow, but a quiet day forgives them.
    const strikes = row.updated_at.getTime() < now - 86_400_000 ? 0 : row.strikes;
    const failures = (windowExpired ? 0 : row.failures) + 1;
    const block = failures >= maxFails;
    const blockSeconds = Math.min(MAX_BLOCK_SECONDS, banSeconds * 2 ** Math.min(strikes, 10));
    await updateThrottleRow(tx.db, key, {
      failures: block ? 0 : failures,
      window_start: windowExpired ? new Date(now) : row.window_start,
      blocked_until: block ? new Date(now + blockSeconds * 1000) : row.blocked_until,
      strikes: strikes + (block ? 1 : 0),
      updated_at: new Date(now),
    });
  });
}

export async function recordFailure(deps: AppDeps, keys: ThrottleKeys): Promise<void> {
  const { config } = deps;
  const window = config.LOGIN_PROTECTION_SLIDING_WINDOW_SECONDS;
  const ban = config.LOGIN_PROTECTION_BAN_MINUTES * 60;
  await recordOne(deps, keys.account, config.LOGIN_PROTECTION_MAX_FAILS, window, ban);
  await recordOne(deps, keys.address, config.LOGIN_PROTECTION_MAX_FAILS * ADDRESS_FACTOR, window, ban);
}

/** A successful sign-in clears the account's counter (the address counter stays). */
export async function recordSuccess(deps: AppDeps, keys: ThrottleKeys): Promise<void> {
  await deleteThrottleRow(deps.db, keys.account);
}
