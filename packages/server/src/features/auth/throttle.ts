import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';

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
export async function blockedFor(db: Db, keys: ThrottleKeys): Promise<number> {
  const rows = await db
    .selectFrom('login_throttle')
    .select('blocked_until')
    .where('key', 'in', [keys.account, keys.address])
    .where('blocked_until', '>', new Date())
    .execute();
  const until = Math.max(0, ...rows.map((r) => (r.blocked_until ? r.blocked_until.getTime() : 0)));
  return until ? Math.ceil((until - Date.now()) / 1000) : 0;
}

async function recordOne(db: Db, key: string, maxFails: number, windowSeconds: number, banSeconds: number) {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('login_throttle')
      .values({ key })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await trx
      .selectFrom('login_throttle')
      .selectAll()
      .where('key', '=', key)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const windowExpired = row.window_start.getTime() < now - windowSeconds * 1000;
    // Repeated blocks grow, but a quiet day forgives them.
    const strikes = row.updated_at.getTime() < now - 86_400_000 ? 0 : row.strikes;
    const failures = (windowExpired ? 0 : row.failures) + 1;
    const block = failures >= maxFails;
    const blockSeconds = Math.min(MAX_BLOCK_SECONDS, banSeconds * 2 ** Math.min(strikes, 10));
    await trx
      .updateTable('login_throttle')
      .set({
        failures: block ? 0 : failures,
        window_start: windowExpired ? new Date(now) : row.window_start,
        blocked_until: block ? new Date(now + blockSeconds * 1000) : row.blocked_until,
        strikes: strikes + (block ? 1 : 0),
        updated_at: new Date(now),
      })
      .where('key', '=', key)
      .execute();
  });
}

export async function recordFailure(db: Db, config: Config, keys: ThrottleKeys): Promise<void> {
  const window = config.LOGIN_PROTECTION_SLIDING_WINDOW_SECONDS;
  const ban = config.LOGIN_PROTECTION_BAN_MINUTES * 60;
  await recordOne(db, keys.account, config.LOGIN_PROTECTION_MAX_FAILS, window, ban);
  await recordOne(db, keys.address, config.LOGIN_PROTECTION_MAX_FAILS * ADDRESS_FACTOR, window, ban);
}

/** A successful sign-in clears the account's counter (the address counter stays). */
export async function recordSuccess(db: Db, keys: ThrottleKeys): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', keys.account).execute();
}
