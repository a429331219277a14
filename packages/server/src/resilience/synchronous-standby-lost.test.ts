import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareFloor, REQUEST_TIMEOUT_MS, ZONE, type Floor } from '../test-support/booking-load.js';
import { wall } from '../test-support/bookings.js';
import { startPostgresCluster, type PostgresCluster } from '../test-support/postgres-cluster.js';
import { spawnServer, type ServerProcess } from '../test-support/process.js';

/**
 * A primary whose synchronous standby is gone — promoted in a switchover while the old primary
 * still runs, or lost before the failover manager turns synchronous replication off. PostgreSQL
 * then keeps every COMMIT waiting for the standby, for ever. Here the standby named in
 * synchronous_standby_names simply does not exist. A booking must be answered 503 within the
 * commit timeout (never hang, never use up the pool), and a commit whose wait is cancelled
 * (what pg_auto_failover does when it turns synchronous replication off) is on this server
 * only: 503, never 201.
 */
const COMMIT_TIMEOUT_SECONDS = 2;
const POOL_SIZE = 4;
let cluster: PostgresCluster;
let server: ServerProcess;
let floor: Floor;
let admin: pg.Client;
let slot = 0;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  server = await spawnServer({
    DATABASE_URL: cluster.url,
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    DATABASE_COMMIT_TIMEOUT_SECONDS: String(COMMIT_TIMEOUT_SECONDS),
  });
  floor = await prepareFloor(server.url, 1);
  admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
}, 120_000);
afterAll(async () => {
  await admin?.end();
  await server?.stop();
  cluster?.destroy();
});

async function synchronousStandby(name: string): Promise<void> {
  await admin.query(`ALTER SYSTEM SET synchronous_standby_names = '${name}'`);
  await admin.query('SELECT pg_reload_conf()');
  // The setting reaches the sessions with the reload; wait until a new session sees it.
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin.query<{ names: string }>(
      "SELECT setting AS names FROM pg_settings WHERE name = 'synchronous_standby_names'",
    );
    if (rows[0]!.names === name) {
      // The checkpointer tells the waiting sessions; give it a moment too.
      await new Promise((r) => setTimeout(r, 200));
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('synchronous_standby_names was not reloaded');
}

/** Books the next free hour of the desk; the status, how long the answer took, and its Retry-After. */
async function book(): Promise<{ status: number; ms: number; retryAfter: string | null }> {
  const n = slot++;
  const started = performance.now();
  try {
    const res = await fetch(`${server.url}/booking/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${floor.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        spaceId: floor.desks[0],
        enter: wall(ZONE, 1 + Math.floor(n / 20), 2 + (n % 20)),
        leave: wall(ZONE, 1 + Math.floor(n / 20), 2 + (n % 20), 59),
      }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started, retryAfter: res.headers.get('retry-after') };
  } catch {
    // No answer within the timeout: the request hung.
    return { status: -1, ms: performance.now() - started, retryAfter: null };
  }
}

const waitingForStandby = async () =>
  (await admin.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE wait_event = 'SyncRep'")).rows;

describe('the synchronous standby is gone', () => {
  it('answers writes 503 within the commit timeout, keeps serving, and writes again once the standby is back', async () => {
    await synchronousStandby('lost_standby');
    try {
      // More writes than the pool has connections: none may hang, none may wait for ever.
      const answers = await Promise.all(Array.from({ length: POOL_SIZE + 2 }, () => book()));
      console.log(
        `standby gone: ${answers.length} bookings answered ${answers.map((a) => `${a.status} after ${(a.ms / 1000).toFixed(1)} s`).join(', ')}`,
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 503));
      expect(answers.every((a) => a.retryAfter !== null)).toBe(true);
      // One person's bookings reach their commit one after the other (they wait for the same
      // lock): the first waits the commit timeout, the others a short grace each. Not the
      // timeout each, and never for ever.
      expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan((COMMIT_TIMEOUT_SECONDS + 5) * 1000);
      // Reads still get a connection.
      const me = await fetch(`${server.url}/user/me`, {
        headers: { authorization: `Bearer ${floor.token}` },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      expect(me.status).toBe(200);
    } finally {
      await synchronousStandby('');
    }
    expect((await book()).status, 'a booking once the standby is back').toBe(201);
  });

  it('answers 503, not 201, when the wait for the standby is cancelled (the booking is on one server only)', async () => {
    await synchronousStandby('lost_standby');
    try {
      const answer = book();
      for (let i = 0; (await waitingForStandby()).length === 0; i++) {
        if (i > 200) throw new Error('the booking never waited for the standby');
        await new Promise((r) => setTimeout(r, 20));
      }
      // What pg_auto_failover does when it turns synchronous replication off.
      await admin.query("SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE wait_event = 'SyncRep'");
      expect((await answer).status).toBe(503);
      // Answered because the cancelled wait was noticed, not because the commit timed out. The
      // server's log line may reach this process after its answer does.
      await expect
        .poll(() => server.output(), { timeout: 5_000 })
        .toContain('wait for the synchronous standby was cancelled');
    } finally {
      await synchronousStandby('');
    }
  });
});
