// `npm run bench`: load figures for the hot authenticated paths, on the embedded database and
// (when available) on PostgreSQL, beside a bare `SELECT 1` route as the ceiling.
// Prints requests/s and p50/p95/p99 latency; writes bench-results/latest.json
// (with BENCH_ONLY=<scenario>: that scenario alone, into bench-results/<scenario>.json).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { startProcess as startIn } from './processes.js';
import { bookingScenarios } from './booking-scenarios.js';
import { locationSearchScenarios } from './location-search-scenario.js';
import { mapUploadScenarios } from './map-upload-scenario.js';
import { CONNECTIONS, DURATION, load, row, type Row } from './measure.js';
import { seedUsers, type Seeded } from './seed.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/**
 * `BENCH_ONLY=location-search` (or `map-upload`) runs that scenario alone; `BENCH_LOCATION_SEARCH=0`
 * and `BENCH_MAP_UPLOAD=0` leave them out.
 */
const ONLY = process.env.BENCH_ONLY;
const startProcess = (args: string[], env: Record<string, string>) => startIn(ROOT, args, env);

/** The ceiling: a bare Fastify route running `SELECT 1`. */
async function bareSelect1(engine: string, dbEnv: Record<string, string>): Promise<Row> {
  const bare = await startProcess(['--import', 'tsx', 'packages/server/bench/select1-server.ts'], dbEnv);
  try {
    // Built per request like the authenticated scenarios, so the load generator does the same work.
    let n = 0;
    const select1: autocannon.Request = {
      method: 'GET',
      path: '/select1',
      setupRequest: (req) => ({
        ...req,
        headers: { ...req.headers, authorization: `Bearer unused-${n++ % CONNECTIONS}` },
      }),
    };
    return row(engine, 'SELECT 1 (bare Fastify)', await load(bare.url, select1));
  } finally {
    await bare.stop();
  }
}

/** `GET /user/me` and `POST /auth/refresh`, with the seeded users. */
async function authScenarios(engine: string, url: string, seeded: Seeded): Promise<Row[]> {
  const rows: Row[] = [];
  let next = 0;
  rows.push(
    row(
      engine,
      'GET /user/me',
      await load(url, {
        method: 'GET',
        path: '/user/me',
        setupRequest: (req) => ({
          ...req,
          headers: {
            ...req.headers,
            authorization: `Bearer ${seeded.accessTokens[next++ % seeded.accessTokens.length]}`,
          },
        }),
      }),
    ),
  );
  // Each refresh consumes its token and yields the next one: keep a pool that rotates.
  const pool = [...seeded.refreshTokens];
  rows.push(
    row(
      engine,
      'POST /auth/refresh',
      await load(url, {
        method: 'POST',
        path: '/auth/refresh',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ refreshToken: pool.shift() ?? 'exhausted' }) }),
        onResponse: (status, body) => {
          if (status === 200) pool.push((JSON.parse(body) as { refreshToken: string }).refreshToken);
        },
      }),
    ),
  );
  return rows;
}

async function benchEngine(engine: string, databaseUrl: string | undefined): Promise<Row[]> {
  const rows: Row[] = [];
  const dbEnv: Record<string, string> = databaseUrl
    ? { DATABASE_URL: databaseUrl }
    : { DATABASE_URL: '', DATA_DIR: fs.mkdtempSync('/tmp/perch-bench-') };

  if (!ONLY) rows.push(await bareSelect1(engine, dbEnv));

  const server = await startProcess(['packages/server/dist/main.js'], {
    ...dbEnv,
    LOG_LEVEL: 'warn',
    RATE_LIMIT: '100000000',
    JOBS_DISABLED: '1',
    SAMPLE_DATA: '0',
    INIT_ADMIN_EMAIL: 'admin@bench.local',
    INIT_ADMIN_PASSWORD: 'Bench!pass1',
  });
  try {
    const seeded: Seeded = await seedUsers(server.url, CONNECTIONS);
    if (!ONLY) rows.push(...(await authScenarios(engine, server.url, seeded)));
    // The seeded scale needs direct SQL access, which the embedded database does not offer.
    if (!ONLY && databaseUrl && process.env.BENCH_BOOKINGS !== '0')
      rows.push(...(await bookingScenarios(engine, server.url, seeded, databaseUrl)));
    if ((!ONLY || ONLY === 'location-search') && process.env.BENCH_LOCATION_SEARCH !== '0')
      rows.push(...(await locationSearchScenarios(engine, server.url)));
    if ((!ONLY || ONLY === 'map-upload') && process.env.BENCH_MAP_UPLOAD !== '0')
      rows.push(...(await mapUploadScenarios(engine, server.url)));
  } finally {
    await server.stop();
  }
  return rows;
}

function startThrowawayPostgres(): string | undefined {
  const r = spawnSync('bash', [path.join(ROOT, 'scripts/pg-throwaway.sh'), 'start', '55439'], {
    env: { ...process.env, PG_THROWAWAY_DIR: '/tmp/perch-bench-pg' },
    encoding: 'utf8',
  });
  const m = /DATABASE_URL=(\S+)/.exec(r.stdout ?? '');
  return m?.[1];
}

const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const results: Row[] = [];
if (ENGINES.includes('pglite')) results.push(...(await benchEngine('PGlite', undefined)));
let pgUrl = ENGINES.includes('postgres') ? process.env.DATABASE_URL : undefined;
let startedPg = false;
if (!pgUrl && ENGINES.includes('postgres')) {
  pgUrl = startThrowawayPostgres();
  startedPg = pgUrl !== undefined;
}
if (pgUrl) results.push(...(await benchEngine('PostgreSQL', pgUrl)));
else if (ENGINES.includes('postgres'))
  console.log('PostgreSQL not available: set DATABASE_URL or install the postgresql package.');
if (startedPg)
  spawnSync('bash', [path.join(ROOT, 'scripts/pg-throwaway.sh'), 'stop'], {
    env: { ...process.env, PG_THROWAWAY_DIR: '/tmp/perch-bench-pg' },
  });

console.log(`\n${CONNECTIONS} connections, ${DURATION} s per scenario\n`);
console.table(
  results
    .map((r) => ({ ...r, 'p50 ms': r.p50, 'p95 ms': r.p95, 'p99 ms': r.p99 }))
    .map(({ p50: _a, p95: _b, p99: _c, ...r }) => r),
);
for (const engine of ['PGlite', 'PostgreSQL']) {
  const bare = results.find((r) => r.engine === engine && r.scenario.startsWith('SELECT 1'));
  const me = results.find((r) => r.engine === engine && r.scenario === 'GET /user/me');
  if (bare && me)
    console.log(
      `${engine}: /user/me throughput is ${((me.rps / bare.rps) * 100).toFixed(0)} % of SELECT 1; p95 ${me.p95} ms`,
    );
}
fs.mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
fs.writeFileSync(
  path.join(ROOT, `bench-results/${ONLY ?? 'latest'}.json`),
  JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, seconds: DURATION, results }, null, 2),
);
