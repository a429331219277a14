// `npm run bench:scale-out`: Perch as 1, then 2 stateless processes on the one PostgreSQL of
// DATABASE_URL (seeded by bench:seed), behind Debian's haproxy (round robin, health checks).
// For each: availability with 8 clients and bookings with 50 clients on distinct desks
// (throughput), then correctness across the processes: 50 clients racing for the same desks
// and slots (no double booking), and 50 bookings at once by one person whose organisation
// allows 5 (the limit holds across processes).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime } from 'luxon';
import pg from 'pg';
import { freePort } from '../../src/test-support/process.js';
import { startProcess, type Started } from '../processes.js';
import { concurrent, fake, nearDay, pick, random, seededOrgsIn, signIn, type Org } from './common.js';
import { ZONE } from './dataset.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('postgres')) {
  console.error('bench:scale-out needs DATABASE_URL=postgres://… seeded by bench:seed');
  process.exit(2);
}

async function startHaproxy(backends: Started[]): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-haproxy-'));
  const cfg = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(
    cfg,
    [
      'global',
      '  maxconn 4096',
      'defaults',
      '  mode http',
      '  timeout connect 5s',
      '  timeout client 60s',
      '  timeout server 60s',
      'frontend perch',
      `  bind 127.0.0.1:${port}`,
      '  default_backend perch_processes',
      'backend perch_processes',
      '  balance roundrobin',
      '  option httpchk GET /healthcheck',
      ...backends.map((b, i) => `  server perch${i + 1} ${new URL(b.url).host} check inter 2s`),
      '',
    ].join('\n'),
  );
  const proc: ChildProcess = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/healthcheck`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

async function putSetting(url: string, token: string, name: string, value: string): Promise<void> {
  const res = await fetch(`${url}/setting/`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify([{ name, value }]),
  });
  if (!res.ok) throw new Error(`setting ${name} failed: ${res.status}`);
}

interface Round {
  processes: number;
  availability8: { rps: number; p95: number; errors: number };
  create50: { rps: number; p95: number; errors: number };
  race: { attempts: number; booked: number; slots: number; inDatabase: number; serverErrors: number };
  limit: { attempts: number; booked: number; allowed: number };
}

async function round(n: number, db: pg.Client, dayOffset: number): Promise<Round> {
  const env = { DATABASE_URL: databaseUrl!, RATE_LIMIT: '1000000', LOG_LEVEL: 'warn', STATS_CACHE_SECONDS: '0' };
  const servers: Started[] = [];
  for (let i = 0; i < n; i++)
    servers.push(await startProcess(ROOT, [path.join(ROOT, 'packages/server/dist/main.js')], env));
  const proxy = await startHaproxy(servers);
  try {
    const seeded = await seededOrgsIn(db);
    const orgs: Org[] = [];
    for (const o of seeded) {
      const email = (i: number) => `user${i}@${o.domain}`;
      orgs.push({
        ...o,
        tokens: {
          orgAdmin: await signIn(proxy.url, o.id, email(0)),
          spaceAdmin: await signIn(proxy.url, o.id, email(1)),
          users: [
            await signIn(proxy.url, o.id, email(2)),
            await signIn(proxy.url, o.id, email(3)),
            await signIn(proxy.url, o.id, email(4)),
            await signIn(proxy.url, o.id, email(5)),
          ],
        },
      });
    }
    const rnd = random(7 + n);
    const availability8 = await concurrent(proxy.url, 8, () => {
      const o = pick(rnd, orgs);
      const day = nearDay(rnd);
      const q = `enter=${encodeURIComponent(fake(day.set({ hour: 8 })))}&leave=${encodeURIComponent(fake(day.set({ hour: 17 })))}`;
      return {
        method: 'GET',
        path: `/location/${pick(rnd, o.areas)}/space/availability?${q}`,
        token: pick(rnd, o.tokens.users),
      };
    });
    // Distinct desks, six 10-minute slots a day from 05:30 (free of seeded bookings).
    const base = DateTime.now().setZone(ZONE).startOf('day').plus({ days: dayOffset });
    const slot = (k: number) => base.plus({ days: Math.floor(k / 6), hours: 5, minutes: 30 + (k % 6) * 15 });
    // Each desk booked by one person, five people per organisation, as 50 people would.
    const create50 = await concurrent(proxy.url, 50, (k) => {
      const o = orgs[k % orgs.length]!;
      const deskIndex = Math.floor(k / orgs.length) % 50;
      const desk = o.spaces[(100 + deskIndex) % o.spaces.length]!;
      const person = deskIndex % 5 === 0 ? o.tokens.spaceAdmin : o.tokens.users[(deskIndex % 5) - 1]!;
      const enter = slot(Math.floor(k / 50));
      return {
        method: 'POST',
        path: '/booking/',
        token: person,
        body: { spaceId: desk, enter: fake(enter), leave: fake(enter.plus({ minutes: 10 })) },
      };
    });
    // The race: 50 clients ask for the same 5 desks and slots at the same time.
    const o = orgs[0]!;
    const raceDesks = [0, 1, 2, 3, 4].map((i) => o.spaces[(200 + i) % o.spaces.length]!);
    const raceBase = base.plus({ days: 60 });
    const raceSlot = (k: number) => raceBase.plus({ days: Math.floor(k / 6), hours: 5, minutes: 30 + (k % 6) * 15 });
    const attempted = new Set<string>();
    const raceStart = new Date();
    const race = await concurrent(
      proxy.url,
      50,
      (k) => {
        // Ten requests for each desk and slot at a time.
        const desk = raceDesks[k % raceDesks.length]!;
        const enter = raceSlot(Math.floor(k / 50));
        attempted.add(`${desk}|${enter.toISO()}`);
        return {
          method: 'POST',
          path: '/booking/',
          token: pick(rnd, [o.tokens.spaceAdmin, o.tokens.orgAdmin]),
          body: { spaceId: desk, enter: fake(enter), leave: fake(enter.plus({ minutes: 10 })) },
        };
      },
      5,
    );
    const raceRows = (
      await db.query<{ n: number; doubles: number }>(
        `SELECT count(*)::int AS n,
           (SELECT count(*)::int FROM bookings a JOIN bookings b ON a.space_id = b.space_id AND a.id < b.id
              AND tstzrange(a.enter_at, a.leave_at) && tstzrange(b.enter_at, b.leave_at)
            WHERE a.space_id = ANY($1::uuid[])) AS doubles
         FROM bookings WHERE space_id = ANY($1::uuid[]) AND created_at >= $2`,
        [raceDesks, raceStart],
      )
    ).rows[0]!;
    if (raceRows.doubles > 0) throw new Error(`${raceRows.doubles} double bookings`);
    // The limit: the organisation's last person (no seeded bookings) may hold 5; 50 ask at once.
    const limited = orgs[orgs.length - 1]!;
    await putSetting(proxy.url, limited.tokens.orgAdmin, 'max_bookings_per_user', '5');
    const lastIndex = Number(
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE organization_id = $1', [limited.id]))
        .rows[0]!.n - 1,
    );
    const lastEmail = `user${lastIndex}@${limited.domain}`;
    const lastId = (await db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [lastEmail])).rows[0]!.id;
    await db.query('DELETE FROM bookings WHERE user_id = $1', [lastId]);
    const lastToken = await signIn(proxy.url, limited.id, lastEmail);
    const limitDay = base.plus({ days: 90 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`${proxy.url}/booking/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${lastToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            spaceId: limited.spaces[(300 + i) % limited.spaces.length],
            enter: fake(limitDay.set({ hour: 6 })),
            leave: fake(limitDay.set({ hour: 6, minute: 30 })),
          }),
        }).then((r) => r.status),
      ),
    );
    await putSetting(proxy.url, limited.tokens.orgAdmin, 'max_bookings_per_user', '9999');
    return {
      processes: n,
      availability8: {
        rps: availability8.rps,
        p95: availability8.p95,
        errors: availability8.non2xx + availability8.errors,
      },
      create50: { rps: create50.rps, p95: create50.p95, errors: create50.non2xx + create50.errors },
      race: {
        attempts: Object.values(race.statuses).reduce((a, b) => a + b, 0),
        booked: race.statuses[201] ?? 0,
        slots: attempted.size,
        inDatabase: raceRows.n,
        serverErrors: Object.entries(race.statuses)
          .filter(([s]) => Number(s) >= 500)
          .reduce((a, [, c]) => a + c, 0),
      },
      limit: { attempts: 50, booked: results.filter((s) => s === 201).length, allowed: 5 },
    };
  } finally {
    await proxy.stop();
    await Promise.all(servers.map((s) => s.stop()));
  }
}

async function main(): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const rounds: Round[] = [];
  try {
    rounds.push(await round(1, db, 120));
    rounds.push(await round(2, db, 200));
  } finally {
    await db.end();
  }
  console.log(
    '\n| Processes | availability, 8 clients: req/s (p95 ms) | create, 50 clients: req/s (p95 ms) | race for 5 desks: booked / slots (in database), 5xx | limit of 5, 50 at once: booked |',
  );
  console.log('|---|---|---|---|---|');
  for (const r of rounds)
    console.log(
      `| ${r.processes} | ${r.availability8.rps} (${r.availability8.p95}) | ${r.create50.rps} (${r.create50.p95}) | ${r.race.booked} / ${r.race.slots} (${r.race.inDatabase}), ${r.race.serverErrors} | ${r.limit.booked} |`,
    );
  const out = path.join(ROOT, 'bench-results', `scale-out-${new Date().toISOString().slice(0, 10)}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), load: os.loadavg()[0], rounds }, null, 2));
  // At most one booking per desk and slot (the database also refused overlaps: none found),
  // no server errors, and exactly the limit. Requests still in flight when the load stops may
  // be booked without their answer being counted, so the database may hold a few more than 201s.
  const bad = rounds.filter(
    (r) => r.race.inDatabase > r.race.slots || r.race.serverErrors > 0 || r.limit.booked !== r.limit.allowed,
  );
  if (bad.length) {
    console.error('correctness check failed', JSON.stringify(bad));
    process.exit(1);
  }
}

await main();
