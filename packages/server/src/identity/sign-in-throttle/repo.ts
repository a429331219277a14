import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/** When the running blocks of these keys end. */
export async function findBlockedUntil(db: Db, keys: string[]): Promise<Date[]> {
  const rows = await db
    .selectFrom('login_throttle')
    .select('blocked_until')
    .where('key', 'in', keys)
    .where('blocked_until', '>', new Date())
    .execute();
  return rows.flatMap((r) => (r.blocked_until ? [r.blocked_until] : []));
}

/** The throttle rows of these keys that exist. */
export async function findThrottleRows(db: Db, keys: string[]) {
  return db
    .selectFrom('login_throttle')
    .select(['key', 'failures', 'window_start', 'blocked_until'])
    .where('key', 'in', keys)
    .execute();
}

/** One attempt counted by `countThrottleAttempt`, with the limits of its counter. */
export interface ThrottleCount {
  key: string;
  /** 1, or 0 for an attempt that must cost the same without counting. */
  weight: 0 | 1;
  /** Failures within the window that start a block. */
  maxFails: number;
  windowSeconds: number;
  /** The first block; it doubles with each block in a row (a quiet day forgives them). */
  banSeconds: number;
  maxBlockSeconds: number;
  now: Date;
}

/**
 * Counts an attempt in one statement (no transaction, the row locked only while it is written):
 * the failures of the window, and a block when they reach the limit.
 */
export async function countThrottleAttempt(db: Db, c: ThrottleCount): Promise<void> {
  const now = c.now.getTime();
  const windowStart = new Date(now - c.windowSeconds * 1000);
  const quietSince = new Date(now - 86_400_000);
  // A new row: its first attempt may already reach a limit of 1.
  const blocksAtOnce = c.weight >= c.maxFails;
  const firstBlockEnd = new Date(now + Math.min(c.maxBlockSeconds, c.banSeconds) * 1000);
  await sql`
    INSERT INTO login_throttle AS t (key, failures, window_start, blocked_until, strikes, updated_at)
    VALUES (${c.key}, ${blocksAtOnce ? 0 : c.weight}, ${c.now}, ${blocksAtOnce ? firstBlockEnd : null},
            ${blocksAtOnce ? 1 : 0}, ${c.now})
    ON CONFLICT (key) DO UPDATE SET (failures, window_start, blocked_until, strikes, updated_at) = (
      SELECT CASE WHEN n.block THEN 0 ELSE n.failures END,
             CASE WHEN n.expired THEN ${c.now}::timestamptz ELSE t.window_start END,
             CASE WHEN n.block
               THEN ${c.now}::timestamptz
                 + LEAST(${c.maxBlockSeconds}::float8, ${c.banSeconds}::float8 * power(2, LEAST(n.strikes, 10)))
                 * interval '1 second'
               ELSE t.blocked_until END,
             n.strikes + CASE WHEN n.block THEN 1 ELSE 0 END,
             CASE WHEN ${c.weight}::int > 0 THEN ${c.now}::timestamptz ELSE t.updated_at END
      FROM (
        SELECT e.expired, e.failures, e.strikes, ${c.weight}::int > 0 AND e.failures >= ${c.maxFails}::int AS block
        FROM (
          SELECT t.window_start < ${windowStart}::timestamptz AS expired,
                 CASE WHEN t.window_start < ${windowStart}::timestamptz THEN 0 ELSE t.failures END
                   + ${c.weight}::int AS failures,
                 CASE WHEN t.updated_at < ${quietSince}::timestamptz THEN 0 ELSE t.strikes END AS strikes
        ) e
      ) n
    )`.execute(db);
}

/** The throttle row of a key, created when missing and locked for the caller's transaction. */
export async function lockThrottleRow(db: Db, key: string) {
  await db
    .insertInto('login_throttle')
    .values({ key })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return db.selectFrom('login_throttle').selectAll().where('key', '=', key).forUpdate().executeTakeFirstOrThrow();
}

export async function updateThrottleRow(
  db: Db,
  key: string,
  row: { failures: number; window_start: Date; blocked_until: Date | null; strikes: number; updated_at: Date },
): Promise<void> {
  await db.updateTable('login_throttle').set(row).where('key', '=', key).execute();
}

export async function deleteThrottleRow(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}
