import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../test-support/postgres-cluster.js';
import { spawnServer, type ServerProcess } from '../test-support/process.js';
import { prepareFloor, startBookingLoad, type Answer, type Floor } from '../test-support/booking-load.js';

/**
 * PostgreSQL stopped and started again under booking load (a restart, a failover): the
 * server keeps running, answers 503 with Retry-After while the database is away (health
 * check included, never a 500, never a hang), and serves again by itself when it is back.
 */
let cluster: PostgresCluster;
let server: ServerProcess;
let floor: Floor;

beforeAll(async () => {
  cluster = await startPostgresCluster();
  server = await spawnServer({ DATABASE_URL: cluster.url, DATABASE_POOL_SIZE: '6' });
  floor = await prepareFloor(server.url, 4);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  cluster?.destroy();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function health(): Promise<{ status: number; retryAfter: string | null; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${server.url}/healthcheck`, { signal: AbortSignal.timeout(15_000) });
  await res.arrayBuffer();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), ms: performance.now() - started };
}

async function storedIds(ids: readonly string[]): Promise<Set<string>> {
  const c = new pg.Client({ connectionString: cluster.url });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: string }>('SELECT id FROM bookings WHERE id = ANY($1::uuid[])', [ids]);
    return new Set(rows.map((r) => r.id));
  } finally {
    await c.end();
  }
}

describe.each(['fast', 'immediate'] as const)('PostgreSQL stopped (%s) under load', (mode) => {
  it('the server answers 503 meanwhile and recovers by itself', async () => {
    const load = startBookingLoad([server.url], floor);
    await sleep(1500);
    const before = load.answers.filter((a) => a.status === 201).length;
    expect(before, 'bookings succeed before the outage').toBeGreaterThan(0);

    cluster.stop(mode);
    const downAt = Date.now();
    await sleep(500);
    // While the database is away: the health check and requests answer 503 with Retry-After.
    const checks = [];
    for (let i = 0; i < 5; i++) {
      checks.push(await health());
      await sleep(200);
    }
    expect(checks.map((c) => c.status)).toEqual([503, 503, 503, 503, 503]);
    expect(checks.every((c) => c.retryAfter !== null)).toBe(true);
    expect(Math.max(...checks.map((c) => c.ms))).toBeLessThan(6000);
    expect(server.proc.exitCode, 'the server process is still running').toBeNull();

    cluster.start();
    const upAt = Date.now();
    let recoveredAt = 0;
    while (Date.now() - upAt < 30_000) {
      if ((await health()).status === 200) {
        recoveredAt = Date.now();
        break;
      }
      await sleep(100);
    }
    expect(recoveredAt, 'healthy again without a restart').toBeGreaterThan(0);
    // Bookings succeed again on the same process.
    await sleep(1500);
    await load.stop();
    const after = load.answers.filter((a) => a.at > recoveredAt && a.status === 201).length;
    expect(after, 'bookings succeed after the outage').toBeGreaterThan(0);

    const during = load.answers.filter((a) => a.at >= downAt && a.at < recoveredAt);
    const unexpected = load.answers.filter((a: Answer) => a.status >= 500 && a.status !== 503);
    const noAnswer = load.answers.filter((a) => a.status <= 0);
    console.log(
      `stop -m ${mode}: ${load.answers.length} requests, ${during.length} during the outage ` +
        `(${during.filter((a) => a.status === 503).length} answered 503), healthy ` +
        `${((recoveredAt - upAt) / 1000).toFixed(1)} s after PostgreSQL was back, ` +
        `slowest answer ${Math.max(...load.answers.map((a) => a.ms)).toFixed(0)} ms`,
    );
    expect(unexpected, 'no 500').toEqual([]);
    expect(noAnswer, 'every request answered, none hung').toEqual([]);
    expect(during.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    expect(during.filter((a) => a.status === 503 && a.retryAfter === null)).toEqual([]);
    expect(server.proc.exitCode).toBeNull();

    // Every booking the server acknowledged is stored.
    const stored = await storedIds(load.acknowledged);
    expect(load.acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  }, 120_000);
});
