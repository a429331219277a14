import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../context.js';
import { openPostgres, type DatabaseHandle } from '../db/connection.js';
import { inTransaction } from '../db/transaction.js';
import { startPostgresCluster, type PostgresCluster } from '../test-support/postgres-cluster.js';

/**
 * A transaction that PostgreSQL picks as a deadlock victim ran on nothing but a race: it is
 * run again instead of failing the request. Two transactions lock two rows in opposite order,
 * which deadlocks every time.
 */
let cluster: PostgresCluster;
let handle: DatabaseHandle;
let deps: AppDeps;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  handle = await openPostgres(cluster.url, 4);
  await sql`CREATE TABLE pair (id int PRIMARY KEY, n int NOT NULL)`.execute(handle.db);
  await sql`INSERT INTO pair VALUES (1, 0), (2, 0)`.execute(handle.db);
  deps = { db: handle.db, prepared: handle.prepared } as unknown as AppDeps;
}, 120_000);
afterAll(async () => {
  await handle?.close();
  cluster?.destroy();
});

/** Both transactions hold their first row before either asks for its second. */
function crossedWriters(run: typeof inTransaction) {
  let arrived = 0;
  let release: () => void = () => {};
  const bothHoldFirst = new Promise<void>((r) => (release = r));
  let attempts = 0;
  const writer = (first: number, second: number) =>
    run(deps, async (tx) => {
      attempts++;
      await sql`UPDATE pair SET n = n + 1 WHERE id = ${first}`.execute(tx.db);
      if (++arrived === 2) release();
      await bothHoldFirst;
      await sql`UPDATE pair SET n = n + 1 WHERE id = ${second}`.execute(tx.db);
    });
  return { writers: Promise.allSettled([writer(1, 2), writer(2, 1)]), attempts: () => attempts };
}

describe('transactions and deadlocks', () => {
  it('a plain transaction that deadlocks fails with 40P01 (the race is real)', async () => {
    const plain: typeof inTransaction = (d, fn) => d.db.transaction().execute((trx) => fn({ ...d, db: trx }));
    const { writers } = crossedWriters(plain);
    const results = await writers;
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r.reason as { code?: string }).code)).toEqual([
      '40P01',
    ]);
  });

  it('inTransaction runs the victim again: both writes succeed', async () => {
    const before = await sql<{ n: number }>`SELECT sum(n)::int AS n FROM pair`.execute(handle.db);
    const { writers, attempts } = crossedWriters(inTransaction);
    const results = await writers;
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(attempts()).toBe(3);
    const after = await sql<{ n: number }>`SELECT sum(n)::int AS n FROM pair`.execute(handle.db);
    expect(after.rows[0]!.n - before.rows[0]!.n).toBe(4);
  });
});
