// Booking scenarios of the benchmark: availability of a 500-space area in an organisation
// holding 200,000 bookings, creating bookings with 50 concurrent clients on different desks, and
// 50 clients racing for one desk.
import { login, PerchClient } from '@perch/client';
import type { Preflight } from '@perch/contract';
import { DateTime } from 'luxon';
import type autocannon from 'autocannon';
import pg from 'pg';
import { CONNECTIONS, LIGHT_CONNECTIONS, load, row, type Row } from './measure.js';
import type { Seeded } from './seed.js';

const AREAS = 4;
const SPACES_PER_AREA = 500;
const BOOKINGS_PER_SPACE = 100;
const ZONE = 'Europe/Berlin';

const fake = (t: DateTime) => `${t.toFormat("yyyy-MM-dd'T'HH:mm:ss")}Z`;

export async function adminClient(url: string): Promise<PerchClient> {
  const orgId = ((await (await fetch(`${url}/auth/singleorg`)).json()) as Preflight).organization.id;
  const c = new PerchClient({ baseUrl: url });
  await login(c, { email: 'admin@bench.local', password: 'Bench!pass1', organizationId: orgId });
  return c;
}

export async function createArea(
  admin: PerchClient,
  name: string,
  spaces: number,
): Promise<{ id: string; spaces: string[] }> {
  const id = (await admin.post('/location/', { name, enabled: true, timezone: ZONE })).objectId!;
  const ids: string[] = [];
  for (let start = 0; start < spaces; start += 500) {
    const creates = Array.from({ length: Math.min(500, spaces - start) }, (_, i) => ({
      name: `Desk ${start + i + 1}`,
      x: ((start + i) % 25) * 60,
      y: Math.floor((start + i) / 25) * 40,
      width: 50,
      height: 30,
    }));
    const res = await admin.post<{ creates: { id: string }[] }>(`/location/${id}/space/bulk`, { creates });
    ids.push(...res.data.creates.map((c) => c.id));
  }
  return { id, spaces: ids };
}

/**
 * 1,000 colleagues (as in the reference's load test), then 100 bookings per space, morning
 * and afternoon, from 20 days ago to 30 days ahead, spread over the colleagues.
 */
export async function seedBookings(databaseUrl: string): Promise<number> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query(`
      INSERT INTO users (organization_id, email, role, firstname, lastname)
      SELECT o.id, 'colleague' || i || '@bench.local', 0, 'Colleague', 'No ' || i
      FROM (SELECT id FROM organizations LIMIT 1) o, generate_series(1, 1000) i`);
    await c.query(`
      INSERT INTO bookings (organization_id, location_id, space_id, user_id, enter_at, leave_at, subject)
      SELECT l.organization_id, s.location_id, s.id, u.ids[1 + (k + abs(hashtext(s.id::text))) % array_length(u.ids, 1)],
        date_trunc('day', now()) + make_interval(days => k / 2 - 20, hours => CASE WHEN k % 2 = 0 THEN 7 ELSE 12 END),
        date_trunc('day', now()) + make_interval(days => k / 2 - 20, hours => CASE WHEN k % 2 = 0 THEN 11 ELSE 16 END),
        ''
      FROM spaces s JOIN locations l ON l.id = s.location_id
      CROSS JOIN (SELECT array_agg(id) AS ids FROM users WHERE email LIKE 'colleague%') u
      CROSS JOIN generate_series(0, ${BOOKINGS_PER_SPACE - 1}) k
      WHERE l.name LIKE 'Bench area %'`);
    await c.query('ANALYZE bookings');
    const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings');
    return rows[0]!.n;
  } finally {
    await c.end();
  }
}

export async function bookingScenarios(
  engine: string,
  url: string,
  seeded: Seeded,
  databaseUrl: string,
): Promise<Row[]> {
  const rows: Row[] = [];
  const admin = await adminClient(url);
  await admin.put('/setting/', [
    { name: 'max_bookings_per_user', value: '9999' },
    { name: 'max_days_in_advance', value: '9999' },
  ]);
  // Warm the planner statistics and caches the way a running server would have them.
  const areas = [];
  for (let i = 0; i < AREAS; i++) areas.push(await createArea(admin, `Bench area ${i + 1}`, SPACES_PER_AREA));
  const total = await seedBookings(databaseUrl);
  console.log(`seeded ${total} bookings in ${AREAS} areas of ${SPACES_PER_AREA} spaces`);

  const tomorrow = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 1 });
  const window = `enter=${encodeURIComponent(fake(tomorrow.set({ hour: 9 })))}&leave=${encodeURIComponent(fake(tomorrow.set({ hour: 17 })))}`;
  let n = 0;
  const adminToken = admin.store.load()!.accessToken;
  // Latency figures with one client, and under light concurrency.
  for (const clients of [1, LIGHT_CONNECTIONS]) {
    rows.push(
      row(
        engine,
        `availability (${SPACES_PER_AREA} spaces, ${Math.round(total / 1000)}k bookings, ${clients} client${clients > 1 ? 's' : ''})`,
        await load(
          url,
          {
            method: 'GET',
            path: `/location/${areas[0]!.id}/space/availability?${window}`,
            setupRequest: (req) => ({
              ...req,
              headers: {
                ...req.headers,
                authorization: `Bearer ${seeded.accessTokens[n++ % seeded.accessTokens.length]}`,
              },
            }),
          },
          clients,
        ),
      ),
    );
    rows.push(
      row(
        engine,
        `GET /stats/ (${Math.round(total / 1000)}k bookings, ${clients} client${clients > 1 ? 's' : ''})`,
        await load(
          url,
          { method: 'GET', path: '/stats/', headers: { authorization: `Bearer ${adminToken}` } },
          clients,
        ),
      ),
    );
  }
  // The statistics are cached for a minute; also time computing them from scratch.
  const coldTimes: number[] = [];
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  for (let i = 0; i < 5; i++) {
    await c.query('DELETE FROM stats_cache');
    const started = performance.now();
    await fetch(`${url}/stats/`, { headers: { authorization: `Bearer ${adminToken}` } });
    coldTimes.push(performance.now() - started);
  }
  await c.end();
  coldTimes.sort((a, b) => a - b);
  console.log(`GET /stats/ computed from scratch: median ${coldTimes[2]!.toFixed(0)} ms (5 runs)`);

  // Each client books its own desk; every request takes a new one-hour slot far ahead.
  const createArea50 = await createArea(admin, 'Bench create', CONNECTIONS);
  const base = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 100 });
  let m = 0;
  const createRequest: autocannon.Request = {
    method: 'POST',
    path: '/booking/',
    headers: { 'content-type': 'application/json' },
    setupRequest: (req) => {
      const i = m++;
      const desk = i % CONNECTIONS;
      const slot = Math.floor(i / CONNECTIONS);
      const enter = base.plus({ hours: slot });
      return {
        ...req,
        headers: { ...req.headers, authorization: `Bearer ${seeded.accessTokens[desk % seeded.accessTokens.length]}` },
        body: JSON.stringify({
          spaceId: createArea50.spaces[desk],
          enter: fake(enter),
          leave: fake(enter.plus({ minutes: 59 })),
        }),
      };
    },
  };
  rows.push(row(engine, `POST /booking/ (${CONNECTIONS} clients, own desks)`, await load(url, createRequest)));
  rows.push(row(engine, 'POST /booking/ (1 client)', await load(url, createRequest, 1)));

  // Contention: every client races for the same desk. Each group of concurrent requests asks
  // for one slot, a third of them shifted by a quarter or half hour (overlapping, not equal),
  // so nearly all are refused (409 + 1001) and the figure is how fast a refusal comes back.
  const contested = await createArea(admin, 'Bench contested', 1);
  const far = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 200 });
  let k = 0;
  const contestedRequest: autocannon.Request = {
    method: 'POST',
    path: '/booking/',
    headers: { 'content-type': 'application/json' },
    setupRequest: (req) => {
      const i = k++;
      const enter = far.plus({ hours: Math.floor(i / CONNECTIONS), minutes: (i % 3) * 15 });
      return {
        ...req,
        headers: { ...req.headers, authorization: `Bearer ${seeded.accessTokens[i % seeded.accessTokens.length]}` },
        body: JSON.stringify({
          spaceId: contested.spaces[0],
          enter: fake(enter),
          leave: fake(enter.plus({ minutes: 45 })),
        }),
      };
    },
  };
  const raced = await load(url, contestedRequest);
  const r = raced.result as unknown as Record<string, number>;
  console.log(`contested desk: ${r['2xx']} booked, ${r['4xx']} refused, ${r['5xx']} server errors (must be 0)`);
  rows.push(row(engine, `POST /booking/ (${CONNECTIONS} clients racing for one desk)`, raced));
  return rows;
}
