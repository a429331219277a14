// `npm run bench:measure -- [--label NAME] [--compare earlier.json]`: the 15 scenarios of
// Seatsurfing's own performance test and Perch's own, against the dataset of
// `npm run bench:seed`, on the PostgreSQL of DATABASE_URL (or with --embedded DIR, on an
// embedded database folder seeded with `bench:seed -- --embedded DIR`).
//
// Each scenario: 5 warm-up and 50 timed requests, one at a time, random actor/area/day. Then a
// few more requests marked for SQL tracing (server setting SQL_TRACE_FILE): the statements each
// ran are replayed with EXPLAIN ANALYZE (PostgreSQL), giving the endpoint's own SQL time in the
// same run. A bare Fastify route running `SELECT 1` is measured in the same run too.
// Prints a table and writes bench-results/scale-<label>.json. `--server PATH` measures another
// build (its SQL columns stay empty when it cannot trace).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime } from 'luxon';
import { sql } from 'kysely';
import pg from 'pg';
import { openPglite } from '../../src/db/connection.js';
import { percentile } from '../measure.js';
import { startProcess } from '../processes.js';
import { concurrent, fake, loadOrgs, nearDay, pick, random, seededOrgsIn } from './common.js';
import { BUDGET, scenarios, type Request, type Scenario } from './scenarios.js';
import { ZONE } from './dataset.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const WARMUP = 5;
const TIMED = Number(process.env.BENCH_TIMED ?? 50);
const TRACED = 5;
const EXPLAIN_RUNS = 5;

interface Result {
  scenario: string;
  n: number;
  p50: number;
  p95: number;
  p99: number;
  budget: number | null;
  sqlP50: number | null;
  sqlInServerP50: number | null;
  statements: number | null;
  errors: number;
}

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const embeddedDir = opt('--embedded');
const databaseUrl = embeddedDir ? undefined : process.env.DATABASE_URL;
if (!embeddedDir && !databaseUrl?.startsWith('postgres')) {
  console.error('bench:measure needs DATABASE_URL=postgres://… seeded by bench:seed, or --embedded DIR');
  process.exit(2);
}
const label = opt('--label') ?? `${embeddedDir ? 'embedded' : 'postgres'}-${new Date().toISOString().slice(0, 10)}`;
const compareFile = opt('--compare');
/** `--server PATH`: another build's main.js (an earlier version, for before/after figures). */
const serverMain = path.resolve(opt('--server') ?? path.join(ROOT, 'packages/server/dist/main.js'));
const traceFile = path.join(os.tmpdir(), `perch-sql-trace-${process.pid}.jsonl`);

async function call(url: string, r: Request, trace?: string): Promise<{ res: Response; body: string; ms: number }> {
  const headers: Record<string, string> = { authorization: `Bearer ${r.token}` };
  if (r.body !== undefined) headers['content-type'] = 'application/json';
  if (trace) headers['x-perch-sql-trace'] = trace;
  const started = performance.now();
  const res = await fetch(url + r.path, {
    method: r.method,
    headers,
    ...(r.body !== undefined ? { body: JSON.stringify(r.body) } : {}),
  });
  const body = await res.text();
  return { res, body, ms: performance.now() - started };
}

async function explainP50(db: pg.Client, statements: { sql: string; parameters: unknown[] }[]): Promise<number | null> {
  const explainable = statements.filter((s) => /^\s*(select|with|insert|update|delete)\b/i.test(s.sql));
  if (explainable.length === 0) return null;
  const totals: number[] = [];
  for (let run = 0; run < EXPLAIN_RUNS; run++) {
    let total = 0;
    await db.query('BEGIN');
    try {
      for (const s of explainable) {
        const { rows } = await db.query<{ 'QUERY PLAN': [{ 'Execution Time': number; 'Planning Time': number }] }>(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${s.sql}`,
          s.parameters,
        );
        const plan = rows[0]!['QUERY PLAN'][0];
        total += plan['Execution Time'] + plan['Planning Time'];
      }
    } finally {
      await db.query('ROLLBACK');
    }
    totals.push(total);
  }
  return percentile(
    totals.sort((a, b) => a - b),
    50,
  );
}

function readTrace(label: string): { sql: string; parameters: unknown[]; ms: number }[] {
  if (!fs.existsSync(traceFile)) return [];
  return fs
    .readFileSync(traceFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { trace: string; sql: string; parameters: unknown[]; ms: number })
    .filter((l) => l.trace === label);
}

async function runScenario(url: string, db: pg.Client | null, s: Scenario, seed: number): Promise<Result> {
  const rnd = random(seed);
  const times: number[] = [];
  let errors = 0;
  const cancelTimes: number[] = [];
  const afterCreate = async (r: Request, res: Response) => {
    const id = res.headers.get('x-object-id');
    if (s.name === 'booking.create' && id) {
      const cancel = await call(url, { method: 'DELETE', path: `/booking/${id}`, token: r.token });
      cancelTimes.push(cancel.ms);
      if (cancel.res.status >= 300) errors++;
    }
  };
  for (let i = 0; i < WARMUP + TIMED; i++) {
    const r = s.next(rnd);
    const { res, ms, body } = await call(url, r);
    if (res.status >= 300) {
      errors++;
      if (errors <= 3)
        console.log(
          `  ${s.name}: ${r.method} ${r.path} → ${res.status} ${res.headers.get('x-error-code') ?? ''} ${body.slice(0, 120)}`,
        );
    } else if (i >= WARMUP) times.push(ms);
    await afterCreate(r, res);
  }
  // Traced requests: the statements they run, replayed.
  const sqlTotals: number[] = [];
  const inServer: number[] = [];
  let statements: number | null = null;
  for (let i = 0; i < TRACED; i++) {
    const r = s.next(rnd);
    const traceLabel = `${s.name}#${i}`;
    const { res } = await call(url, r, traceLabel);
    const trace = readTrace(traceLabel);
    statements = trace.length;
    inServer.push(trace.reduce((a, t) => a + t.ms, 0));
    if (db) {
      // A create is replayed after its own booking is gone again, so the INSERT can succeed.
      await afterCreate(r, res);
      const p = await explainP50(db, trace);
      if (p !== null) sqlTotals.push(p);
    } else await afterCreate(r, res);
  }
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  const results: Result = {
    scenario: s.name,
    n: times.length,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    budget: BUDGET[s.name] ?? null,
    sqlP50: sqlTotals.length
      ? round(
          percentile(
            sqlTotals.sort((a, b) => a - b),
            50,
          ),
        )
      : null,
    sqlInServerP50: inServer.length
      ? round(
          percentile(
            inServer.sort((a, b) => a - b),
            50,
          ),
        )
      : null,
    statements,
    errors,
  };
  if (cancelTimes.length) {
    cancelTimes.sort((a, b) => a - b);
    console.log(
      `  (booking.cancel: p50 ${round(percentile(cancelTimes, 50))} ms, p95 ${round(percentile(cancelTimes, 95))} ms over ${cancelTimes.length})`,
    );
  }
  return results;
}

async function main(): Promise<void> {
  const started = Date.now();
  fs.rmSync(traceFile, { force: true });
  const dbEnv: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: embeddedDir! };
  const serverEnv = {
    ...dbEnv,
    STATS_CACHE_SECONDS: '0',
    SQL_TRACE_FILE: traceFile,
    RATE_LIMIT: '1000000',
    LOG_LEVEL: 'warn',
    INIT_ADMIN_PASSWORD: 'Bench!unused1',
  };
  // The 10-minute bookings of an earlier run would make every create a 409 (see below). The
  // embedded database is only reachable while no server holds it: removed before it starts.
  if (embeddedDir) {
    const embedded = await openPglite(embeddedDir);
    await sql`DELETE FROM bookings WHERE leave_at - enter_at = interval '10 minutes'`.execute(embedded.db);
    await embedded.close();
  }
  const db = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
  await db?.connect();
  // The same session settings as the server's connections (db/connection.ts).
  await db?.query('SET jit = off');

  // The ceiling first, on its own: a bare Fastify route running SELECT 1 through the same layer.
  const bare = await startProcess(ROOT, ['--import', 'tsx', 'packages/server/bench/select1-server.ts'], dbEnv);
  const select1 = await concurrent(bare.url, 50, () => ({ method: 'GET', path: '/select1', token: 'unused' }));
  const select1Seq: number[] = [];
  for (let i = 0; i < WARMUP + TIMED; i++) {
    const t = performance.now();
    await (await fetch(`${bare.url}/select1`)).text();
    if (i >= WARMUP) select1Seq.push(performance.now() - t);
  }
  // The floor of a write, on PostgreSQL: the same 50 clients each inserting bookings on their
  // own desk (far ahead, removed again right after) with one bare INSERT.
  let insert50: Awaited<ReturnType<typeof concurrent>> | null = null;
  if (db) {
    const seeded = await seededOrgsIn(db);
    const far = DateTime.utc().startOf('day').plus({ days: 300 });
    insert50 = await concurrent(bare.url, 50, (k) => {
      const o = seeded[k % seeded.length]!;
      const desk = o.spaces[(Math.floor(k / seeded.length) % 50) % o.spaces.length]!;
      const n = Math.floor(k / 50);
      const enter = far.plus({ days: Math.floor(n / 48), minutes: (n % 48) * 15 });
      return {
        method: 'POST',
        path: '/insert-booking',
        token: 'unused',
        body: { spaceId: desk, enter: enter.toISO(), leave: enter.plus({ minutes: 10 }).toISO() },
      };
    });
    await db.query("DELETE FROM bookings WHERE leave_at - enter_at = interval '10 minutes'");
  }
  await bare.stop();

  const server = await startProcess(ROOT, [serverMain], serverEnv);
  const results: Result[] = [];
  const extra: Record<string, unknown> = {};
  try {
    const orgs = await loadOrgs(server.url, db, embeddedDir);
    const bookings = db ? (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings')).rows[0]!.n : null;
    console.log(`${orgs.length} organisations, ${bookings ?? '?'} bookings; ${TIMED} timed requests per scenario\n`);
    let seed = 1;
    for (const s of scenarios(orgs)) {
      const r = await runScenario(server.url, db, s, seed++);
      results.push(r);
      console.log(
        `${r.scenario.padEnd(32)} p50 ${String(r.p50).padStart(7)}  p95 ${String(r.p95).padStart(7)}  SQL p50 ${String(r.sqlP50 ?? '–').padStart(7)}  errors ${r.errors}`,
      );
    }
    // Availability with 8 concurrent clients.
    const avRnd = random(99);
    const availability8 = await concurrent(server.url, 8, () => {
      const o = pick(avRnd, orgs);
      const day = nearDay(avRnd);
      const q = `enter=${encodeURIComponent(fake(day.set({ hour: 8 })))}&leave=${encodeURIComponent(fake(day.set({ hour: 17 })))}`;
      return {
        method: 'GET',
        path: `/location/${pick(avRnd, o.areas)}/space/availability?${q}`,
        token: pick(avRnd, o.tokens.users),
      };
    });
    // Create with 50 concurrent clients, each on its own desk, one night slot after another.
    // The 10-minute bookings of an earlier run would make every create a 409: the seed books
    // 30 minutes at least, so removing these leaves the dataset as seeded.
    if (db) await db.query("DELETE FROM bookings WHERE leave_at - enter_at = interval '10 minutes'");
    const base = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 1 });
    const create50 = await concurrent(server.url, 50, (k) => {
      // 50 desks at a time (spread over the organisations), each slot once: six 10-minute
      // bookings a day from 05:30 in the areas' zone (03:30–06:00 UTC holds no seeded booking,
      // summer or winter), one day after another. Each desk is booked by one person, five
      // people per organisation (its space admin and four others), as 50 people would.
      const o = orgs[k % orgs.length]!;
      const deskIndex = Math.floor(k / orgs.length) % 50;
      const desk = o.spaces[deskIndex % o.spaces.length]!;
      const person = deskIndex % 5 === 0 ? o.tokens.spaceAdmin : o.tokens.users[(deskIndex % 5) - 1]!;
      const n = Math.floor(k / 50);
      const enter = base.plus({ days: Math.floor(n / 6), hours: 5, minutes: 30 + (n % 6) * 15 });
      return {
        method: 'POST',
        path: '/booking/',
        token: person,
        body: { spaceId: desk, enter: fake(enter), leave: fake(enter.plus({ minutes: 10 })) },
      };
    });
    extra.availability8 = availability8;
    extra.create50 = create50;
    if (insert50) extra.insert50 = insert50;
    console.log(
      `\navailability, 8 clients: ${availability8.rps}/s, p50 ${availability8.p50} ms, p95 ${availability8.p95} ms, errors ${availability8.non2xx + availability8.errors}, statuses ${JSON.stringify(availability8.statuses)}`,
    );
    console.log(
      `create, 50 clients on distinct desks: ${create50.rps}/s (${Math.round((100 * create50.rps) / select1.rps)} % of SELECT 1${insert50 ? `, ${Math.round((100 * create50.rps) / insert50.rps)} % of the bare INSERT` : ''}), p95 ${create50.p95} ms, errors ${create50.non2xx + create50.errors}, statuses ${JSON.stringify(create50.statuses)}`,
    );
    if (insert50)
      console.log(
        `bare INSERT of a booking, 50 clients: ${insert50.rps}/s, p95 ${insert50.p95} ms, errors ${insert50.non2xx + insert50.errors}`,
      );
  } finally {
    await server.stop();
    await db?.end();
    fs.rmSync(traceFile, { force: true });
  }

  select1Seq.sort((a, b) => a - b);
  const report = {
    label,
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, load ${os.loadavg()[0]!.toFixed(2)}`,
    engine: databaseUrl ? 'postgres' : 'embedded',
    select1: { rps50: select1.rps, p50Sequential: percentile(select1Seq, 50) },
    results,
    ...extra,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  const earlier = compareFile ? (JSON.parse(fs.readFileSync(compareFile, 'utf8')) as typeof report) : null;
  printTable(report, earlier);
  const out = path.join(ROOT, 'bench-results', `scale-${label}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(report, null, 2));
  console.log(`\nwritten to ${path.relative(ROOT, out)}`);
}

function printTable(
  report: { label: string; select1: { rps50: number; p50Sequential: number }; results: Result[]; machine: string },
  earlier: { label: string; results: Result[] } | null,
): void {
  console.log(
    `\n${report.label} — ${report.machine}; bare SELECT 1 route: ${report.select1.rps50} requests/s with 50 clients, p50 ${report.select1.p50Sequential.toFixed(2)} ms one at a time\n`,
  );
  const head = [
    'Scenario',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'budget',
    'p95/budget',
    'SQL p50 ms (EXPLAIN ANALYZE)',
    'p50/SQL',
    'SQL p50 ms (waited in the server)',
    'statements',
  ];
  if (earlier) head.push(`p95 ms (${earlier.label})`);
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map(() => '---').join('|')}|`);
  for (const r of report.results) {
    const cells = [
      r.scenario,
      r.p50,
      r.p95,
      r.p99,
      r.budget ?? '–',
      r.budget ? `${((100 * r.p95) / r.budget).toFixed(1)} %` : '–',
      r.sqlP50 ?? '–',
      r.sqlP50 ? (r.p50 / r.sqlP50).toFixed(2) : '–',
      r.sqlInServerP50 ?? '–',
      r.statements ?? '–',
    ];
    if (earlier) cells.push(earlier.results.find((e) => e.scenario === r.scenario)?.p95 ?? '–');
    console.log(`| ${cells.join(' | ')} |`);
  }
}

await main();
