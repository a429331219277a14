import type { AppDeps } from '../../context.js';
import { addressRange } from '../../lib/address-range.js';
import { countThrottleAttempt, deleteThrottleRow, findBlockedUntil, findThrottleRows } from './repo.js';

/**
 * Failed sign-in throttling. Failures are counted per (account, client address) and per
 * client address alone. Reaching the limit blocks only that key for a while, doubling with
 * each repeated block (capped at a day). An attacker elsewhere therefore never locks the
 * real user out: the user's own address has its own counter. State lives in the database,
 * so every server process sees the same counters.
 *
 * A third counter spans the address's network (IPv4 /24, IPv6 /64) and counts attempts at
 * accounts that do not exist or cannot sign in with a password, in every organisation: someone
 * spraying made-up accounts from many addresses of one network is throttled as one, for every
 * account, so the answer tells nothing about which accounts exist. People of that network
 * mistyping their own passwords do not count toward it.
 */
export interface ThrottleKeys {
  account: string;
  address: string;
  range: string;
}

/** Address-wide failures allowed before the address is throttled, as a multiple of the per-account limit. */
const ADDRESS_FACTOR = 5;
/** Attempts at unusable accounts a network may make per window, as a multiple of the per-account limit. */
const RANGE_FACTOR = 10;
const MAX_BLOCK_SECONDS = 86_400;
/** A network holds many people: its blocks stop growing at an hour. */
const MAX_RANGE_BLOCK_SECONDS = 3600;

export function throttleKeys(orgId: string, email: string, ip: string): ThrottleKeys {
  return {
    account: `acct:${orgId}:${email.trim().toLowerCase()}|ip:${ip}`,
    address: `ip:${ip}`,
    range: `range:${addressRange(ip)}`,
  };
}

export interface ThrottleState {
  /** Seconds until the caller may try again, or 0 when not blocked. */
  waitSeconds: number;
  /** Whether the client's address failed a sign-in within the window (its password checks wait behind others'). */
  failedBefore: boolean;
}

/** What the throttle says about a password attempt, read before the password is checked. */
export async function throttleState(deps: AppDeps, keys: ThrottleKeys): Promise<ThrottleState> {
  const rows = await findThrottleRows(deps.db, [keys.account, keys.address, keys.range]);
  const now = Date.now();
  const until = Math.max(0, ...rows.map((r) => r.blocked_until?.getTime() ?? 0));
  const windowStart = now - deps.config.LOGIN_PROTECTION_SLIDING_WINDOW_SECONDS * 1000;
  const address = rows.find((r) => r.key === keys.address);
  return {
    waitSeconds: until > now ? Math.ceil((until - now) / 1000) : 0,
    failedBefore: address !== undefined && address.failures > 0 && address.window_start.getTime() >= windowStart,
  };
}

/**
 * Seconds until the caller may try again, or 0 when not blocked, for the sign-ins that check no
 * password (a passkey, the second factor after a sign-in provider): a network's block for made-up
 * accounts does not hold them, so people of a blocked network can still sign in those ways.
 */
export async function blockedFor(deps: AppDeps, keys: ThrottleKeys): Promise<number> {
  const ends = await findBlockedUntil(deps.db, [keys.account, keys.address]);
  const until = Math.max(0, ...ends.map((d) => d.getTime()));
  return until ? Math.ceil((until - Date.now()) / 1000) : 0;
}

interface Counter {
  key: string;
  maxFails: number;
  maxBlockSeconds: number;
  /** What the attempt adds: 1, or 0 for one that must cost the same without counting. */
  weight: 0 | 1;
}

async function recordOne(deps: AppDeps, counter: Counter) {
  const { config } = deps;
  await countThrottleAttempt(deps.db, {
    ...counter,
    windowSeconds: config.LOGIN_PROTECTION_SLIDING_WINDOW_SECONDS,
    banSeconds: config.LOGIN_PROTECTION_BAN_MINUTES * 60,
    now: new Date(),
  });
}

/**
 * Counts an attempt toward its network's budget when the account does not exist or cannot sign
 * in with a password (`accountRefused`). Any other attempt writes the same row without counting,
 * so both take the same time.
 */
export async function recordRangeAttempt(deps: AppDeps, keys: ThrottleKeys, accountRefused: boolean): Promise<void> {
  const maxFails = deps.config.LOGIN_PROTECTION_MAX_FAILS * RANGE_FACTOR;
  await recordOne(deps, {
    key: keys.range,
    maxFails,
    maxBlockSeconds: MAX_RANGE_BLOCK_SECONDS,
    weight: accountRefused ? 1 : 0,
  });
}

/**
 * Counts a failed attempt for the account and address; with `accountRefused` (a failed password
 * check, not a second factor), toward the network's budget too (see `recordRangeAttempt`).
 */
export async function recordFailure(deps: AppDeps, keys: ThrottleKeys, accountRefused?: boolean): Promise<void> {
  const maxFails = deps.config.LOGIN_PROTECTION_MAX_FAILS;
  await recordOne(deps, { key: keys.account, maxFails, maxBlockSeconds: MAX_BLOCK_SECONDS, weight: 1 });
  const addressMax = maxFails * ADDRESS_FACTOR;
  await recordOne(deps, { key: keys.address, maxFails: addressMax, maxBlockSeconds: MAX_BLOCK_SECONDS, weight: 1 });
  if (accountRefused !== undefined) await recordRangeAttempt(deps, keys, accountRefused);
}

/** A successful sign-in clears the account's counter (the address counter stays). */
export async function recordSuccess(deps: AppDeps, keys: ThrottleKeys): Promise<void> {
  await deleteThrottleRow(deps.db, keys.account);
}
