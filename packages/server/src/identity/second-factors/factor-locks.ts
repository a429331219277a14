import { ErrorCode } from '@perch/contract';
import type { AppDeps } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { HttpError } from '../../http/errors.js';
import { findBlockedUntil, lockThrottleRow, updateThrottleRow } from '../sign-in-throttle/index.js';
import { queueFactorLockedMail, type SecondFactor } from './factor-lock-mail.js';

/**
 * Locks of an account's second factors. The sign-in throttle counts failures per account *and
 * client address*, so someone who knows the password gets a fresh allowance of guesses at the
 * second factor from every address they own. These counters count an account's failed attempts
 * at one factor from every address together: SECOND_FACTOR_MAX_FAILS failures within
 * SECOND_FACTOR_WINDOW_MINUTES lock that factor for SECOND_FACTOR_LOCK_MINUTES, and the owner gets
 * one mail. While locked the factor is refused without being looked at (the right code too); the
 * account's other factors go on working. A success neither ends a lock nor forgets failures: the
 * owner's own sign-ins between an attacker's guesses must not buy the attacker new ones.
 *
 * The counters are rows of `login_throttle` (key `2fa:<factor>:<user id>`), shared by every server
 * process. An attempt takes its place in the count before it is checked and gives it back when it
 * passes, so requests racing in parallel cannot get more checks than the limit between them (the
 * count holds failures and attempts under way; a failure that finds it full locks the factor). An
 * attempt cut off between the two (a process that dies) stays counted as a failure.
 */

export type { SecondFactor } from './factor-lock-mail.js';

/** The factors' names in refusals and in the sign-in log's details. */
const FACTOR_NAMES: Record<SecondFactor, string> = {
  totp: 'Authenticator codes',
  recovery: 'Recovery codes',
  passkey: 'Passkeys',
};

/** How long an attempt is refused while the checks under way fill the allowance (their outcome decides). */
const BUSY_RETRY_SECONDS = 5;

const keyOf = (factor: SecondFactor, userId: string): string => `2fa:${factor}:${userId}`;

/** A refused attempt at a locked factor. */
export interface FactorLocked {
  factor: SecondFactor;
  /** When the factor can be tried again. */
  until: Date;
  /** Why, for the sign-in log. */
  detail: string;
}

const lockedDetail = (factor: SecondFactor, until: Date): string =>
  `${FACTOR_NAMES[factor]} locked until ${until.toISOString()} after too many failures`;

/** The answer to an attempt at a locked factor: 429 with `Retry-After` and application code 5003. */
export function factorLockedError(locked: FactorLocked): HttpError {
  const seconds = Math.max(1, Math.ceil((locked.until.getTime() - Date.now()) / 1000));
  return new HttpError(
    429,
    `${FACTOR_NAMES[locked.factor]} of this account are locked after too many failed attempts; try again later`,
    ErrorCode.SecondFactorLocked,
    { 'retry-after': String(seconds) },
  );
}

/** The factor's running lock, or null (a look that takes no attempt). */
export async function findFactorLock(
  deps: AppDeps,
  userId: string,
  factor: SecondFactor,
): Promise<FactorLocked | null> {
  const [until] = await findBlockedUntil(deps.db, [keyOf(factor, userId)]);
  return until ? { factor, until, detail: lockedDetail(factor, until) } : null;
}

/**
 * Takes an attempt at the factor before it is checked: refused while the factor is locked, or
 * while the checks under way already fill the allowance. The caller must `settleFactorAttempt`.
 */
async function takeFactorAttempt(deps: AppDeps, userId: string, factor: SecondFactor): Promise<FactorLocked | null> {
  const { SECOND_FACTOR_MAX_FAILS: max, SECOND_FACTOR_WINDOW_MINUTES: window } = deps.config;
  return inTransaction(deps, async (tx) => {
    const key = keyOf(factor, userId);
    const row = await lockThrottleRow(tx.db, key);
    const now = Date.now();
    if (row.blocked_until && row.blocked_until.getTime() > now)
      return { factor, until: row.blocked_until, detail: lockedDetail(factor, row.blocked_until) };
    const windowExpired = row.window_start.getTime() < now - window * 60_000;
    const failures = windowExpired ? 0 : row.failures;
    if (failures >= max)
      return {
        factor,
        until: new Date(now + BUSY_RETRY_SECONDS * 1000),
        detail: `${FACTOR_NAMES[factor]}: the allowance is taken by attempts under way`,
      };
    await updateThrottleRow(tx.db, key, {
      failures: failures + 1,
      window_start: windowExpired ? new Date(now) : row.window_start,
      blocked_until: row.blocked_until,
      strikes: row.strikes,
      updated_at: new Date(now),
    });
    return null;
  });
}

/**
 * Records how a taken attempt ended. A pass (or a check that could not run) gives its place back;
 * a failure keeps it, and the failure that reaches the limit locks the factor and queues the
 * owner's mail in the same transaction, so a lock mails once whichever process sets it. Returns
 * the lock this failure started, if it started one.
 */
async function settleFactorAttempt(
  deps: AppDeps,
  user: UserRow,
  factor: SecondFactor,
  failed: boolean,
): Promise<FactorLocked | null> {
  const { SECOND_FACTOR_MAX_FAILS: max, SECOND_FACTOR_LOCK_MINUTES: lockMinutes } = deps.config;
  return inTransaction(deps, async (tx) => {
    const key = keyOf(factor, user.id);
    const row = await lockThrottleRow(tx.db, key);
    const now = Date.now();
    const locked = row.blocked_until !== null && row.blocked_until.getTime() > now;
    const reachesLimit = failed && !locked && row.failures >= max;
    const until = new Date(now + lockMinutes * 60_000);
    await updateThrottleRow(tx.db, key, {
      // A lock starts a fresh count; a pass gives its place back.
      failures: reachesLimit ? 0 : failed ? row.failures : Math.max(0, row.failures - 1),
      window_start: reachesLimit ? new Date(now) : row.window_start,
      blocked_until: reachesLimit ? until : row.blocked_until,
      strikes: row.strikes + (reachesLimit ? 1 : 0),
      updated_at: new Date(now),
    });
    if (!reachesLimit) return null;
    await queueFactorLockedMail(tx, user, factor, until);
    return { factor, until, detail: lockedDetail(factor, until) };
  });
}

/** The verdict of one attempt at a factor, checked under its lock. */
export type GuardedVerdict<V> = { locked: FactorLocked } | { verdict: V; lockedNow: FactorLocked | null };

/**
 * Checks a factor under its lock: refused unchecked while locked, else `check` runs and its
 * verdict is counted (`failed` tells a failure). A check that throws gives its place back.
 */
export async function checkUnderLock<V>(
  deps: AppDeps,
  user: UserRow,
  factor: SecondFactor,
  check: () => Promise<V>,
  failed: (verdict: V) => boolean,
): Promise<GuardedVerdict<V>> {
  const locked = await takeFactorAttempt(deps, user.id, factor);
  if (locked) return { locked };
  let verdict: V;
  try {
    verdict = await check();
  } catch (e) {
    await settleFactorAttempt(deps, user, factor, false);
    throw e;
  }
  return { verdict, lockedNow: await settleFactorAttempt(deps, user, factor, failed(verdict)) };
}
