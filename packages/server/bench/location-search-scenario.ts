// Location search scenario of the benchmark: `POST /location/search` over 250 areas in four
// time zones, with the criteria that need every area's facts (free spaces, buddies on site),
// with one client and with 12 concurrent clients.
import { login, PerchClient } from '@perch/client';
import type { Preflight, SearchAttribute } from '@perch/contract';
import { DateTime } from 'luxon';
import { adminClient } from './booking-scenarios.js';
import { load, row, type Row } from './measure.js';

const AREAS = Number(process.env.BENCH_SEARCH_AREAS ?? 250);
const SPACES_PER_AREA = 8;
/** Zones in turn; '' is the organisation default. */
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', ''];
const BOOKERS = 20;
const BUDDIES = 10;
const CONCURRENT = 12;

const fake = (t: DateTime) => `${t.toFormat("yyyy-MM-dd'T'HH:mm:ss")}Z`;

async function signIn(url: string, orgId: string, email: string): Promise<PerchClient> {
  const c = new PerchClient({ baseUrl: url });
  await login(c, { email, password: 'Bench!pass2', organizationId: orgId });
  return c;
}

/**
 * 250 areas of 8 desks; 20 of the seeded users (see seed.ts) book a desk in 4 areas each
 * tomorrow, and the searching user has 10 of them as buddies.
 */
async function seedAreas(url: string): Promise<{ searcher: PerchClient; day: DateTime }> {
  const admin = await adminClient(url);
  const orgId = ((await (await fetch(`${url}/auth/singleorg`)).json()) as Preflight).organization.id;
  await admin.put('/setting/', [
    { name: 'show_names', value: '1' },
    { name: 'max_bookings_per_user', value: '9999' },
    { name: 'max_concurrent_bookings_per_user', value: '0' },
  ]);
  const areas: string[][] = [];
  for (let i = 0; i < AREAS; i++) {
    const name = `Search area ${String(i + 1).padStart(3, '0')}`;
    const id = (await admin.post('/location/', { name, enabled: true, timezone: ZONES[i % ZONES.length] })).objectId!;
    const creates = Array.from({ length: SPACES_PER_AREA }, (_, k) => ({
      name: `Desk ${k + 1}`,
      x: k * 60,
      y: 0,
      width: 50,
      height: 30,
    }));
    const res = await admin.post<{ creates: { id: string }[] }>(`/location/${id}/space/bulk`, { creates });
    areas.push(res.data.creates.map((c) => c.id));
  }
  const day = DateTime.utc().startOf('day').plus({ days: 1 });
  for (let u = 1; u <= BOOKERS; u++) {
    const c = await signIn(url, orgId, `user${u}@bench.local`);
    for (let k = 0; k < 4; k++) {
      const spaces = areas[(u * 11 + k * 61) % areas.length]!;
      const enter = day.set({ hour: 8 + k * 2 });
      await c.post('/booking/', {
        spaceId: spaces[u % spaces.length],
        enter: fake(enter),
        leave: fake(enter.plus({ hours: 2 })),
      });
    }
  }
  const searcher = await signIn(url, orgId, 'user0@bench.local');
  for (let u = 1; u <= BUDDIES; u++) await searcher.post('/buddy/', { buddyEmail: `user${u}@bench.local` });
  return { searcher, day };
}

export async function locationSearchScenarios(engine: string, url: string): Promise<Row[]> {
  const { searcher, day } = await seedAreas(url);
  const attributes: SearchAttribute[] = [
    { attributeId: 'numFreeSpaces', comparator: 'gte', value: '1' },
    { attributeId: 'buddyOnSite', comparator: 'contains', value: '*' },
  ];
  const body = JSON.stringify({ enter: fake(day.set({ hour: 9 })), leave: fake(day.set({ hour: 17 })), attributes });
  const token = searcher.store.load()!.accessToken;
  const rows: Row[] = [];
  for (const clients of [1, CONCURRENT])
    rows.push(
      row(
        engine,
        `POST /location/search (${AREAS} areas, ${clients} client${clients > 1 ? 's' : ''})`,
        await load(
          url,
          {
            method: 'POST',
            path: '/location/search',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body,
          },
          clients,
        ),
      ),
    );
  return rows;
}
