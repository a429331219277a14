// What the scale benchmark's scripts share: the seeded organisations signed in, random
// choices, and concurrent load.
import autocannon from 'autocannon';
import { DateTime } from 'luxon';
import type pg from 'pg';
import { percentile } from '../measure.js';
import { BENCH_PASSWORD, readManifest, ZONE, type SeededOrg } from './dataset.js';

export interface Org extends SeededOrg {
  tokens: { orgAdmin: string; spaceAdmin: string; users: string[] };
}

/** Deterministic random numbers (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
export const fake = (t: DateTime) => `${t.toFormat("yyyy-MM-dd'T'HH:mm:ss")}Z`;
/** A random day within ±14 days (where 30 % of the bookings are), in the areas' zone. */
export const nearDay = (rnd: () => number) =>
  DateTime.now()
    .setZone(ZONE)
    .startOf('day')
    .plus({ days: Math.floor(rnd() * 29) - 14 });

export async function signIn(url: string, orgId: string, email: string): Promise<string> {
  const res = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD, organizationId: orgId }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** The seeded organisations (from the database, or the embedded folder's manifest), signed in. */
export async function loadOrgs(url: string, db: pg.Client | null, embeddedDir?: string): Promise<Org[]> {
  const seeded: SeededOrg[] = db ? await seededOrgsIn(db) : readManifest(embeddedDir!);
  const orgs: Org[] = [];
  for (const o of seeded) {
    const email = (i: number) => `user${i}@${o.domain}`;
    const users: string[] = [];
    for (let i = 2; i < 6; i++) users.push(await signIn(url, o.id, email(i)));
    orgs.push({
      ...o,
      tokens: { orgAdmin: await signIn(url, o.id, email(0)), spaceAdmin: await signIn(url, o.id, email(1)), users },
    });
  }
  return orgs;
}

export async function seededOrgsIn(db: pg.Client): Promise<SeededOrg[]> {
  const { rows } = await db.query<{ id: string; domain: string }>(`
    SELECT o.id, d.domain FROM organizations o JOIN organization_domains d ON d.organization_id = o.id AND d.is_primary
    WHERE o.name LIKE 'Bench org %' ORDER BY o.signup_date, o.name`);
  const list = async (text: string, id: string) => (await db.query<{ v: string }>(text, [id])).rows.map((r) => r.v);
  const orgs: SeededOrg[] = [];
  for (const o of rows)
    orgs.push({
      ...o,
      areas: await list('SELECT id AS v FROM locations WHERE organization_id = $1 ORDER BY name', o.id),
      spaces: await list(
        'SELECT s.id AS v FROM spaces s JOIN locations l ON l.id = s.location_id WHERE l.organization_id = $1 ORDER BY s.name',
        o.id,
      ),
      userEmails: await list('SELECT email AS v FROM users WHERE organization_id = $1 ORDER BY email LIMIT 200', o.id),
    });
  return orgs;
}

/**
 * Concurrent load with autocannon: `clients` connections for `seconds`. `request(k)` builds
 * the k-th request (0, 1, 2 … across all connections; autocannon keeps no per-connection
 * state between requests), so with k % clients about `clients` distinct choices are in flight.
 */
export async function concurrent(
  url: string,
  clients: number,
  request: (k: number) => { method: string; path: string; token: string; body?: unknown },
  seconds = 10,
): Promise<{
  rps: number;
  p50: number;
  p95: number;
  non2xx: number;
  errors: number;
  statuses: Record<number, number>;
}> {
  let next = 0;
  const times: number[] = [];
  const run = autocannon({
    url,
    connections: clients,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => {
          const r = request(next++);
          return {
            ...req,
            method: r.method,
            path: r.path,
            headers: {
              authorization: `Bearer ${r.token}`,
              ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            ...(r.body !== undefined ? { body: JSON.stringify(r.body) } : {}),
          };
        },
      },
    ],
  });
  const statuses: Record<number, number> = {};
  run.on('response', (_c: unknown, status: number, _b: number, ms: number) => {
    times.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const result = await run;
  times.sort((a, b) => a - b);
  return {
    rps: Math.round(result.requests.total / result.duration),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statuses,
  };
}
