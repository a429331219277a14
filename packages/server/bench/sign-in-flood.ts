// `npm run bench:sign-in-flood`: a real user's password sign-ins while many client addresses
// hammer `POST /auth/login` with made-up accounts, against one server at the production password
// hash cost (embedded database, or DATABASE_URL). Prints what one hash costs, the real user's
// latency, the attackers' answers, password checks per second and the server's memory.
//
// BENCH_SECONDS (60): length of the flood. BENCH_ATTACKERS (16): attacking addresses.
// BENCH_ATTACKER_CONCURRENCY (1): requests each address keeps in flight.
// BENCH_RANGES: `distinct` (default: each address in its own /64, so no range budget is shared)
// or `shared` (all in one /24). BENCH_SERVER_ENV: extra server settings, `NAME=value,NAME=value`
// (e.g. `LOGIN_PROTECTION_MAX_FAILS=1000` measures the queue with the throttle out of reach).
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Preflight } from '@perch/contract';
import { percentile } from './measure.js';
import { measureHashCosts } from './password-hash-cost.js';
import { startProcess } from './processes.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const ATTACKERS = Number(process.env.BENCH_ATTACKERS ?? 16);
const CONCURRENCY = Number(process.env.BENCH_ATTACKER_CONCURRENCY ?? 1);
const SHARED_RANGE = process.env.BENCH_RANGES === 'shared';
/** The real user signs in, waits this long, and signs in again. */
const USER_PAUSE_MS = 1000;
/** A sign-in the browser gives up on (the web app's client waits 30 s; the finding saw 15). */
const TIMEOUT_MS = 15_000;
const ADMIN = { email: 'admin@bench.local', password: 'Bench!pass1' };
const USER_ADDRESS = '198.51.100.10';

const extraEnv = Object.fromEntries(
  (process.env.BENCH_SERVER_ENV ?? '')
    .split(',')
    .filter((kv) => kv.includes('='))
    .map((kv) => [kv.slice(0, kv.indexOf('=')).trim(), kv.slice(kv.indexOf('=') + 1).trim()]),
);
const dbEnv: Record<string, string> = process.env.DATABASE_URL
  ? { DATABASE_URL: process.env.DATABASE_URL }
  : { DATABASE_URL: '', DATA_DIR: fs.mkdtempSync('/tmp/perch-bench-flood-') };

/** Resident and peak memory of a process, in MiB (Linux). */
function memoryOf(pid: number | undefined): { rss: number; peak: number } {
  if (pid === undefined) return { rss: 0, peak: 0 };
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: Math.round(kib('VmRSS') / 1024), peak: Math.round(kib('VmHWM') / 1024) };
}

/** One sign-in attempt: its status (0 when it timed out or failed) and how long it took. */
async function signIn(url: string, body: object, address: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  try {
    const res = await fetch(`${url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

const attackerAddress = (i: number) => (SHARED_RANGE ? `203.0.113.${i + 1}` : `2001:db8:${(i + 1).toString(16)}::7`);

for (const cost of measureHashCosts())
  console.log(`one hash, ${cost.kind}: ${cost.ms} ms, ${cost.addedMiB} MiB added to a fresh process`);

const server = await startProcess(ROOT, ['packages/server/dist/main.js'], {
  ...dbEnv,
  LOG_LEVEL: 'warn',
  JOBS_DISABLED: '1',
  SAMPLE_DATA: '0',
  TRUST_PROXY: '1',
  INIT_ADMIN_EMAIL: ADMIN.email,
  INIT_ADMIN_PASSWORD: ADMIN.password,
  ...extraEnv,
});
try {
  const orgId = ((await (await fetch(`${server.url}/auth/singleorg`)).json()) as Preflight).organization.id;
  const real = { ...ADMIN, organizationId: orgId };
  // Warm up: the first sign-in pays for start-up work (the dummy hash, prepared statements).
  const warm = await signIn(server.url, real, USER_ADDRESS);
  if (warm.status !== 200) throw new Error(`the real user cannot sign in (${warm.status})`);
  const before = memoryOf(server.pid);

  const deadline = Date.now() + SECONDS * 1000;
  const attackerStatuses = new Map<number, number>();
  const userTimes: number[] = [];
  const userStatuses = new Map<number, number>();
  const count = (m: Map<number, number>, status: number) => m.set(status, (m.get(status) ?? 0) + 1);
  let maxRss = before.rss;
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, memoryOf(server.pid).rss)), 250);

  let guess = 0;
  const attacker = async (address: string) => {
    while (Date.now() < deadline) {
      const body = { email: `ghost-${guess++}@example.org`, password: 'Wrong!pass1', organizationId: orgId };
      count(attackerStatuses, (await signIn(server.url, body, address)).status);
    }
  };
  const realUser = async () => {
    // Let the flood start first.
    await new Promise((r) => setTimeout(r, 500));
    while (Date.now() < deadline) {
      const { status, ms } = await signIn(server.url, real, USER_ADDRESS);
      count(userStatuses, status);
      userTimes.push(ms);
      await new Promise((r) => setTimeout(r, USER_PAUSE_MS));
    }
  };
  const started = Date.now();
  const attackers = Array.from({ length: ATTACKERS * CONCURRENCY }, (_, i) => attacker(attackerAddress(i % ATTACKERS)));
  await Promise.all([...attackers, realUser()]);
  const elapsed = (Date.now() - started) / 1000;
  clearInterval(sampler);
  const after = memoryOf(server.pid);

  const sorted = [...userTimes].sort((a, b) => a - b);
  const ms = (v: number) => `${Math.round(v)} ms`;
  const statuses = (m: Map<number, number>) =>
    [...m.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s === 0 ? 'timeout' : s} × ${n}`)
      .join(', ');
  // Answers that needed a password check: the attackers' 400s and the real user's 200s.
  const checks = (attackerStatuses.get(400) ?? 0) + (userStatuses.get(200) ?? 0);
  console.log(`\nSign-in flood: ${ATTACKERS} addresses × ${CONCURRENCY} in flight on made-up accounts`);
  console.log(`(${SHARED_RANGE ? 'one /24' : 'each in its own range'}), ${Math.round(elapsed)} s,`);
  console.log(
    `${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded database'}, extra settings: ${JSON.stringify(extraEnv)}`,
  );
  console.log(
    `real user: ${userTimes.length} sign-ins, p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, max ${ms(sorted.at(-1) ?? 0)}; answers: ${statuses(userStatuses)}`,
  );
  console.log(`attackers: ${statuses(attackerStatuses)}`);
  console.log(`password checks: ${(checks / elapsed).toFixed(1)}/s`);
  console.log(
    `server memory: RSS ${before.rss} MiB before the flood, ${maxRss} MiB at most during it, ${after.rss} MiB after; peak ${after.peak} MiB`,
  );
} finally {
  await server.stop();
  if (dbEnv.DATA_DIR) fs.rmSync(dbEnv.DATA_DIR, { recursive: true, force: true });
}
