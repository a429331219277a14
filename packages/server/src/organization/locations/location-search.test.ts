import type { Location, SearchAttribute } from '@perch/contract';
import type { KyselyPlugin } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../context.js';
import { authContextOf } from '../../test-support/auth.js';
import { book, createFloor, setSettings, wall } from '../../test-support/bookings.js';
import { statusOf } from '../../test-support/http.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { searchAreas } from './search.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

type Criterion = Pick<SearchAttribute, 'attributeId' | 'comparator' | 'value'>;

/** The same wall clock for every area, `days` from today (UTC), written as clients send it. */
const at = (days: number, hh: number) => wall('UTC', days, hh);

async function names(c: TestServer['admin'], window: { enter: string; leave: string }, attributes: Criterion[]) {
  const res = await c.post<Location[]>('/location/search', { ...window, attributes });
  return res.data.map((l) => l.name).sort();
}

describe('area search facts', () => {
  it('counts spaces and free spaces with the window read as local time in each area zone', async () => {
    await setSettings(s, { default_timezone: 'Asia/Tokyo' });
    const berlin = await createFloor(s, { zone: 'Europe/Berlin', desks: 2, area: { name: 'Berlin' } });
    const york = await createFloor(s, { zone: 'America/New_York', desks: 2, area: { name: 'New York' } });
    // No zone of its own: the organisation default (Tokyo).
    const tokyo = await createFloor(s, { zone: '', desks: 2, area: { name: 'Tokyo' } });
    await createFloor(s, { zone: 'Europe/Berlin', desks: 0, area: { name: 'Empty' } });
    // 09:00–10:00 on each area's own clock: three different instants.
    for (const floor of [berlin, york, tokyo]) await book(s.admin, floor.spaces[0]!, at(3, 9), at(3, 10));

    const nine = { enter: at(3, 9), leave: at(3, 10) };
    const free = (value: string) => [{ attributeId: 'numFreeSpaces', comparator: 'eq' as const, value }];
    expect(await names(s.admin, nine, free('1'))).toEqual(['Berlin', 'New York', 'Tokyo']);
    expect(await names(s.admin, nine, free('0'))).toEqual(['Empty']);
    // Back to back: a window starting when the bookings end finds every desk free.
    expect(await names(s.admin, { enter: at(3, 10), leave: at(3, 11) }, free('2'))).toEqual([
      'Berlin',
      'New York',
      'Tokyo',
    ]);
    // An empty window covers its instant.
    expect(await names(s.admin, { enter: at(3, 9), leave: at(3, 9) }, free('1'))).toHaveLength(3);
    expect(
      await names(s.admin, nine, [
        { attributeId: 'numSpaces', comparator: 'eq', value: '2' },
        { attributeId: 'numFreeSpaces', comparator: 'lt', value: '2' },
      ]),
    ).toEqual(['Berlin', 'New York', 'Tokyo']);
  });

  it('refuses malformed times with 400, even in an organisation without areas', async () => {
    const attributes = [{ attributeId: 'numFreeSpaces', comparator: 'gte', value: '0' }];
    expect(await statusOf(s.admin.post('/location/search', { enter: 'soon', leave: at(1, 9), attributes }))).toBe(400);
    await createFloor(s, { desks: 1 });
    expect(await statusOf(s.admin.post('/location/search', { enter: at(1, 9), leave: '9am', attributes }))).toBe(400);
  });
});

describe('buddyOnSite', () => {
  it("lists the caller's buddy relations with a booking in the area in the window", async () => {
    await setSettings(s, { show_names: '1' });
    for (const name of ['alice', 'carol', 'dave', 'bob'])
      await s.createUser({ email: `${name}@test.perch.local`, firstname: name });
    const [alice, carol, dave, bob] = await Promise.all(
      ['alice', 'carol', 'dave', 'bob'].map((n) => s.signIn(`${n}@test.perch.local`)),
    );
    const ids = await s.deps.db.selectFrom('users').select(['id', 'email']).execute();
    const idOf = (n: string) => ids.find((u) => u.email === `${n}@test.perch.local`)!.id;
    const aliceRel = (await bob!.post('/buddy/', { buddyId: idOf('alice') })).objectId!;
    const carolRel = (await bob!.post('/buddy/', { buddyId: idOf('carol') })).objectId!;
    // Dave is not Bob's buddy; Bob is Dave's (which is no concern of Bob's search).
    await dave!.post('/buddy/', { buddyId: idOf('bob') });

    const a = await createFloor(s, { desks: 2, area: { name: 'A' } });
    const b = await createFloor(s, { desks: 2, area: { name: 'B' } });
    const c = await createFloor(s, { desks: 2, area: { name: 'C' } });
    const zone = 'Europe/Berlin';
    await book(alice!, a.spaces[0]!, wall(zone, 2, 9), wall(zone, 2, 12));
    await book(carol!, b.spaces[0]!, wall(zone, 2, 14), wall(zone, 2, 16));
    await book(dave!, c.spaces[0]!, wall(zone, 2, 9), wall(zone, 2, 12));

    const morning = { enter: wall(zone, 2, 8), leave: wall(zone, 2, 10) };
    const buddy = (comparator: SearchAttribute['comparator'], value: string): Criterion[] => [
      { attributeId: 'buddyOnSite', comparator, value },
    ];
    expect(await names(bob!, morning, buddy('contains', '*'))).toEqual(['A']);
    expect(await names(bob!, morning, buddy('contains', aliceRel))).toEqual(['A']);
    expect(await names(bob!, morning, buddy('contains', carolRel))).toEqual([]);
    expect(await names(bob!, morning, buddy('ncontains', '*'))).toEqual(['B', 'C']);
    expect(await names(bob!, morning, buddy('ncontains', aliceRel))).toEqual(['B', 'C']);
    // Arrays match by membership only.
    expect(await names(bob!, morning, buddy('eq', aliceRel))).toEqual([]);
    expect(await names(bob!, morning, buddy('eq', `["${aliceRel}"]`))).toEqual([]);
    // Dave's booking does not count for Bob; Dave sees nobody on site (Bob books nothing).
    expect(await names(dave!, morning, buddy('contains', '*'))).toEqual([]);

    const day = { enter: wall(zone, 2, 0), leave: wall(zone, 3, 0) };
    expect(await names(bob!, day, buddy('contains', '*'))).toEqual(['A', 'B']);
    expect(await names(bob!, day, buddy('contains', carolRel))).toEqual(['B']);
    // Together with the counts, in one request.
    expect(
      await names(bob!, day, [
        ...buddy('contains', '*'),
        { attributeId: 'numFreeSpaces', comparator: 'eq', value: '1' },
        { attributeId: 'numSpaces', comparator: 'eq', value: '2' },
      ]),
    ).toEqual(['A', 'B']);
    // Afternoon: Alice's booking ended at 12:00 (half-open windows).
    expect(await names(bob!, { enter: wall(zone, 2, 12), leave: wall(zone, 2, 13) }, buddy('contains', '*'))).toEqual(
      [],
    );

    // Buddies turned off: nobody is a buddy on site.
    await setSettings(s, { disable_buddies: '1' });
    expect(await names(bob!, day, buddy('contains', '*'))).toEqual([]);
    expect(await names(bob!, day, buddy('ncontains', '*'))).toEqual(['A', 'B', 'C']);
    await setSettings(s, { disable_buddies: '0', show_names: '0' });
    expect(await names(bob!, day, buddy('contains', aliceRel))).toEqual([]);
    expect(await names(bob!, day, buddy('ncontains', aliceRel))).toEqual(['A', 'B', 'C']);
  });
});

/** The dependencies with every database statement counted. */
function counting(deps: AppDeps): { deps: AppDeps; count: () => number } {
  let n = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      n++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return {
    deps: {
      ...deps,
      db: deps.db.withPlugin(plugin),
      prepared: (name, text, values) => {
        n++;
        return deps.prepared(name, text, values);
      },
    },
    count: () => n,
  };
}

const ZONES = ['Europe/Berlin', 'America/New_York', '', 'Asia/Kolkata', 'UTC'];

/** `n` areas (zones in turn) with two desks each; the buddy books the first desk of every other area. */
async function seedAreas(n: number, buddyId: string, prefix: string): Promise<string[]> {
  const db = s.deps.db;
  const locations = await db
    .insertInto('locations')
    .values(
      Array.from({ length: n }, (_, i) => ({
        organization_id: s.orgId,
        name: `${prefix} ${String(i).padStart(3, '0')}`,
        enabled: true,
        timezone: ZONES[i % ZONES.length]!,
      })),
    )
    .returning(['id', 'timezone'])
    .execute();
  const spaces = await db
    .insertInto('spaces')
    .values(locations.flatMap((l) => [1, 2].map((k) => ({ location_id: l.id, name: `Desk ${k}` }))))
    .returning(['id', 'location_id'])
    .execute();
  const day = DateTime.utc().plus({ days: 5 }).startOf('day');
  const bookings = locations
    .filter((_, i) => i % 2 === 0)
    .map((l) => {
      const zone = l.timezone || 'Asia/Tokyo';
      const enter = DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour: 9 }, { zone });
      return {
        organization_id: s.orgId,
        location_id: l.id,
        space_id: spaces.find((x) => x.location_id === l.id)!.id,
        user_id: buddyId,
        enter_at: enter.toJSDate(),
        leave_at: enter.plus({ hours: 2 }).toJSDate(),
      };
    });
  await db.insertInto('bookings').values(bookings).execute();
  return locations.map((l) => l.id);
}

async function setFloor(locationIds: readonly string[], attributeId: string): Promise<void> {
  await s.deps.db
    .insertInto('location_attribute_values')
    .values(locationIds.map((location_id) => ({ location_id, attribute_id: attributeId, value: '1' })))
    .execute();
}

describe('area search cost', () => {
  it('issues the same few queries for 5 areas as for 50', async () => {
    await setSettings(s, { show_names: '1', default_timezone: 'Asia/Tokyo' });
    const bobId = await s.createUser({ email: 'bob@test.perch.local' });
    const aliceId = await s.createUser({ email: 'alice@test.perch.local' });
    await s.deps.db.insertInto('buddies').values({ owner_id: bobId, buddy_id: aliceId }).execute();
    const floor = (await s.admin.post('/space-attribute/', { label: 'Floor', locationApplicable: true })).objectId!;
    const auth = await authContextOf(s.deps.db, bobId);
    const day = DateTime.utc().plus({ days: 5 }).toFormat('yyyy-MM-dd');
    const body = {
      enter: `${day}T10:00:00Z`,
      leave: `${day}T10:30:00Z`,
      attributes: [
        { attributeId: 'numFreeSpaces', comparator: 'eq', value: '1' },
        { attributeId: 'numSpaces', comparator: 'eq', value: '2' },
        { attributeId: 'buddyOnSite', comparator: 'contains', value: '*' },
        { attributeId: floor.toUpperCase(), comparator: 'neq', value: 'x' },
      ] satisfies SearchAttribute[],
    };
    const run = async () => {
      const c = counting(s.deps);
      const found = await searchAreas(c.deps, auth, body);
      return { found: found.length, queries: c.count() };
    };

    // No area has a value for the floor attribute yet: nothing matches.
    const small = await seedAreas(5, aliceId, 'Small');
    expect((await run()).found).toBe(0);
    await setFloor(small, floor);
    const five = await run();
    await setFloor(await seedAreas(45, aliceId, 'Large'), floor);
    const fifty = await run();
    expect(fifty.queries).toBe(five.queries);
    expect(five.queries).toBeLessThanOrEqual(6);
    // Half the areas have Alice on site with one of two desks taken.
    expect(five.found).toBe(3);
    expect(fifty.found).toBe(3 + 23);

    // Without a fact criterion, no facts are computed at all.
    const plain = counting(s.deps);
    expect(await searchAreas(plain.deps, auth, { ...body, attributes: [] })).toHaveLength(50);
    expect(plain.count()).toBe(3);
  });
});
