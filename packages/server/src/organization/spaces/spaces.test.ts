import {
  api,
  spaceAvailabilitySchema,
  type BulkResult,
  type Group,
  type Space,
  type SpaceAvailability,
} from '@perch/contract';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statusOf } from '../../test-support/http.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { createOrganization } from '../../test-support/organizations.js';

let s: TestServer;
let loc = '';
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(async () => {
  await s.reset();
  loc = (await s.admin.post('/location/', { name: 'Floor', enabled: true })).objectId!;
});

const spaces = () => s.admin.get<Space[]>(`/location/${loc}/space/`);

describe('spaces', () => {
  it('space admins create, read, update and delete spaces with attributes', async () => {
    const monitors = (await s.admin.post('/space-attribute/', { label: 'Monitors', spaceApplicable: true })).objectId!;
    const areaOnly = (await s.admin.post('/space-attribute/', { label: 'Floor', locationApplicable: true })).objectId!;
    const id = (
      await s.admin.post(`/location/${loc}/space/`, {
        name: 'Desk 1',
        x: 10.4,
        y: 20,
        width: 100,
        height: 50,
        rotation: 45,
        requireSubject: true,
        attributes: [
          { attributeId: monitors, value: '2' },
          { attributeId: areaOnly, value: 'ignored' },
        ],
      })
    ).objectId!;
    const got = await s.admin.get<Space>(`/location/${loc}/space/${id}`);
    expect(got).toMatchObject({
      name: 'Desk 1',
      x: 10,
      y: 20,
      width: 100,
      height: 50,
      rotation: 45,
      requireSubject: true,
      locationId: loc,
    });
    expect(got.attributes).toEqual([{ attributeId: monitors, value: '2' }]);
    await s.admin.put(`/location/${loc}/space/${id}`, { name: 'Desk A', attributes: [] });
    expect(await s.admin.get<Space>(`/location/${loc}/space/${id}`)).toMatchObject({ name: 'Desk A', attributes: [] });
    await s.admin.delete(`/location/${loc}/space/${id}`);
    expect(await spaces()).toEqual([]);
  });

  it('keeps positions, sizes and rotations inside their ranges (0–359 degrees, ≤ 5000 px, ≤ 100000 px)', async () => {
    const create = (extra: Record<string, unknown>) => s.admin.post(`/location/${loc}/space/`, { name: 'X', ...extra });
    for (const bad of [
      { rotation: 360 },
      { rotation: -1 },
      { width: 5001 },
      { height: 5001 },
      { x: 100_001 },
      { y: 100_001 },
      { x: -1 },
    ])
      expect(await statusOf(create(bad)), JSON.stringify(bad)).toBe(400);
    const edge = (await create({ rotation: 359, width: 5000, height: 5000, x: 100_000, y: 100_000 })).objectId!;
    expect(await s.admin.get<Space>(`/location/${loc}/space/${edge}`)).toMatchObject({
      rotation: 359,
      width: 5000,
      x: 100_000,
    });
    // A drag that ends a hair below a full turn is stored as 0 degrees.
    const nearlyFull = (await create({ rotation: 359.7 })).objectId!;
    expect((await s.admin.get<Space>(`/location/${loc}/space/${nearlyFull}`)).rotation).toBe(0);
    const bulk = { creates: [{ name: 'Y', rotation: 360 }] };
    expect(await statusOf(s.admin.post(`/location/${loc}/space/bulk`, bulk))).toBe(400);
    expect((await spaces()).map((x) => x.name)).toEqual(['X', 'X']);
  });

  it('validates and refuses ids of another area or organisation', async () => {
    expect(await statusOf(s.admin.post(`/location/${loc}/space/`, { name: '' }))).toBe(400);
    expect(await statusOf(s.admin.post(`/location/${loc}/space/`, { name: 'X', rotation: 400 }))).toBe(400);
    expect(await statusOf(s.admin.post(`/location/${loc}/space/`, { name: 'X', shape: 'hexagon' }))).toBe(400);
    expect(
      await statusOf(
        s.admin.post(`/location/${loc}/space/`, {
          name: 'X',
          approverGroupIds: ['00000000-0000-4000-8000-000000000000'],
        }),
      ),
    ).toBe(400);
    const other = (await s.admin.post('/location/', { name: 'Other' })).objectId!;
    const id = (await s.admin.post(`/location/${other}/space/`, { name: 'Elsewhere' })).objectId!;
    expect(await statusOf(s.admin.get(`/location/${loc}/space/${id}`))).toBe(404);
    expect(await statusOf(s.admin.put(`/location/${loc}/space/${id}`, { name: 'Moved' }))).toBe(404);
    expect(await statusOf(s.admin.delete(`/location/${loc}/space/${id}`))).toBe(404);
    expect(await statusOf(s.admin.get('/location/00000000-0000-4000-8000-000000000000/space/'))).toBe(404);
  });

  it('lists spaces by name for members; only space admins write', async () => {
    await s.admin.post(`/location/${loc}/space/`, { name: 'B' });
    await s.admin.post(`/location/${loc}/space/`, { name: 'A' });
    await s.createUser({ email: 'u@test.perch.local' });
    const u = await s.signIn('u@test.perch.local');
    expect((await u.get<Space[]>(`/location/${loc}/space/`)).map((x) => x.name)).toEqual(['A', 'B']);
    expect(await statusOf(u.post(`/location/${loc}/space/`, { name: 'C' }))).toBe(403);
  });
});

describe('bulk saves', () => {
  it('creates, updates and deletes in one request', async () => {
    const keep = (await s.admin.post(`/location/${loc}/space/`, { name: 'Keep' })).objectId!;
    const drop = (await s.admin.post(`/location/${loc}/space/`, { name: 'Drop' })).objectId!;
    const res = await s.admin.post<BulkResult>(`/location/${loc}/space/bulk`, {
      creates: [{ name: 'New 1', x: 5 }, { name: 'New 2' }],
      updates: [{ id: keep, name: 'Kept', x: 300, rotation: 90 }],
      deleteIds: [drop],
    });
    expect(res.status).toBe(200);
    expect(res.data.creates).toHaveLength(2);
    expect(res.data.creates.every((c) => c.success)).toBe(true);
    expect(res.data.updates).toEqual([{ id: keep, success: true }]);
    expect(res.data.deletes).toEqual([{ id: drop, success: true }]);
    expect((await spaces()).map((x) => [x.name, x.x, x.rotation])).toEqual([
      ['Kept', 300, 90],
      ['New 1', 5, 0],
      ['New 2', 0, 0],
    ]);
  });

  it('is all-or-nothing: one bad item changes nothing', async () => {
    const keep = (await s.admin.post(`/location/${loc}/space/`, { name: 'Keep' })).objectId!;
    const other = (await s.admin.post('/location/', { name: 'Other' })).objectId!;
    const foreign = (await s.admin.post(`/location/${other}/space/`, { name: 'Foreign' })).objectId!;
    const before = await spaces();
    const attempts = [
      { creates: [{ name: 'Fine' }, { name: '' }], updates: [], deleteIds: [] },
      { creates: [{ name: 'Fine' }], updates: [{ id: keep, name: 'Changed' }], deleteIds: [foreign] },
      { creates: [{ name: 'Fine' }], updates: [{ id: foreign, name: 'Stolen' }] },
      { creates: [{ name: 'Fine', allowedBookerGroupIds: ['00000000-0000-4000-8000-000000000000'] }] },
      {
        updates: [
          { id: keep, name: 'A' },
          { id: keep, name: 'B' },
        ],
      },
    ];
    for (const body of attempts)
      expect(await statusOf(s.admin.post(`/location/${loc}/space/bulk`, body)), JSON.stringify(body)).toBe(400);
    expect(await spaces()).toEqual(before);
    expect((await s.admin.get<Space[]>(`/location/${other}/space/`)).map((x) => x.name)).toEqual(['Foreign']);
  });

  it('handles a whole floor of 500 spaces', async () => {
    const creates = Array.from({ length: 500 }, (_, i) => ({
      name: `Desk ${i + 1}`,
      x: (i % 25) * 60,
      y: Math.floor(i / 25) * 40,
      width: 50,
      height: 30,
    }));
    const res = await s.admin.post<BulkResult>(`/location/${loc}/space/bulk`, { creates });
    expect(res.data.creates).toHaveLength(500);
    expect((await spaces()).length).toBe(500);
  });
});

describe('approvers and allowed bookers', () => {
  it('adds idempotently, lists and removes groups; groups of another organisation are refused', async () => {
    const space = (await s.admin.post(`/location/${loc}/space/`, { name: 'Room' })).objectId!;
    const g1 = (await s.admin.post('/group/', { name: 'Approvers' })).objectId!;
    const g2 = (await s.admin.post('/group/', { name: 'Bookers' })).objectId!;
    for (const kind of ['approver', 'allowedbooker']) {
      await s.admin.put(`/location/${loc}/space/${space}/${kind}`, [g1, g2]);
      await s.admin.put(`/location/${loc}/space/${space}/${kind}`, [g1]);
      expect((await s.admin.get<Group[]>(`/location/${loc}/space/${space}/${kind}`)).map((g) => g.name)).toEqual([
        'Approvers',
        'Bookers',
      ]);
      await s.admin.post(`/location/${loc}/space/${space}/${kind}/remove`, [g2]);
      expect((await s.admin.get<Group[]>(`/location/${loc}/space/${space}/${kind}`)).map((g) => g.name)).toEqual([
        'Approvers',
      ]);
      expect(
        await statusOf(
          s.admin.put(`/location/${loc}/space/${space}/${kind}`, ['00000000-0000-4000-8000-000000000000']),
        ),
      ).toBe(400);
    }
    const got = await s.admin.get<Space>(`/location/${loc}/space/${space}`);
    expect(got.approverGroupIds).toEqual([g1]);
    expect(got.allowedBookerGroupIds).toEqual([g1]);
    // Deleting a group removes it from the lists.
    await s.admin.delete(`/group/${g1}`);
    expect((await s.admin.get<Space>(`/location/${loc}/space/${space}`)).approverGroupIds).toEqual([]);
  });
});

describe('availability', () => {
  it('lists every space with its flags, honouring allowed-booker groups and approvals', async () => {
    const team = (await s.admin.post('/group/', { name: 'Team' })).objectId!;
    const desk = (await s.admin.post(`/location/${loc}/space/`, { name: 'Desk' })).objectId!;
    await s.admin.post(`/location/${loc}/space/`, { name: 'Team desk', allowedBookerGroupIds: [team] });
    await s.admin.post(`/location/${loc}/space/`, { name: 'Board room', approverGroupIds: [team] });
    const uid = await s.createUser({ email: 'u@test.perch.local' });
    const u = await s.signIn('u@test.perch.local');
    const q = { enter: '2030-01-07T09:00:00Z', leave: '2030-01-07T17:00:00Z' };
    let list = await u.get<SpaceAvailability[]>(`/location/${loc}/space/availability`, q);
    expect(list.map((x) => [x.name, x.available, x.allowed, x.approvalRequired])).toEqual([
      ['Board room', true, true, true],
      ['Desk', true, true, false],
      ['Team desk', true, false, false],
    ]);
    expect(list.every((x) => Array.isArray(x.bookings))).toBe(true);
    await s.admin.put(`/group/${team}/member`, [uid]);
    list = await u.get<SpaceAvailability[]>(`/location/${loc}/space/availability`, q);
    expect(list.find((x) => x.name === 'Team desk')!.allowed).toBe(true);
    const one = await u.get<SpaceAvailability[]>(`/location/${loc}/space/${desk}/availability`, q);
    expect(one.map((x) => x.name)).toEqual(['Desk']);
  });

  it('answers exactly the declared shape, bookings included', async () => {
    const desk = (await s.admin.post(`/location/${loc}/space/`, { name: 'Desk' })).objectId!;
    await s.admin.post(`/location/${loc}/space/`, { name: 'Empty desk' });
    const tomorrow = DateTime.now().setZone('Europe/Berlin').plus({ days: 1 }).toFormat('yyyy-MM-dd');
    await s.admin.post('/booking/', { spaceId: desk, enter: `${tomorrow}T09:00:00Z`, leave: `${tomorrow}T12:00:00Z` });
    const q = { enter: `${tomorrow}T08:00:00Z`, leave: `${tomorrow}T18:00:00Z` };
    for (const path of [`/location/${loc}/space/availability`, `/location/${loc}/space/${desk}/availability`]) {
      const body = await s.admin.get<unknown>(path, q);
      // Parsing strips unknown keys and fails on wrong or missing ones: equal means exactly the shape.
      const declared = api.space.availability.response;
      expect(declared.parse(body)).toEqual(body);
      expect(z.array(z.strictObject(spaceAvailabilitySchema.shape)).safeParse(body).success).toBe(true);
    }
    const list = await s.admin.get<SpaceAvailability[]>(`/location/${loc}/space/availability`, q);
    expect(list.find((x) => x.name === 'Desk')!.bookings).toHaveLength(1);
  });

  it("marks every space not allowed on weekdays the area cannot be booked, in the area's time zone", async () => {
    await s.admin.put(`/location/${loc}`, {
      name: 'Floor',
      enabled: true,
      timezone: 'Pacific/Auckland',
      bookableDays: [1, 2, 3, 4, 5],
    });
    await s.admin.post(`/location/${loc}/space/`, { name: 'Desk' });
    // Monday and Saturday, as wall clock in Auckland.
    const monday = await s.admin.get<SpaceAvailability[]>(`/location/${loc}/space/availability`, {
      enter: '2030-01-07T09:00:00Z',
      leave: '2030-01-07T17:00:00Z',
    });
    expect(monday[0]!.allowed).toBe(true);
    const saturday = await s.admin.get<SpaceAvailability[]>(`/location/${loc}/space/availability`, {
      enter: '2030-01-12T09:00:00Z',
      leave: '2030-01-12T17:00:00Z',
    });
    expect(saturday[0]!.allowed).toBe(false);
    // Friday into Saturday touches a day that cannot be booked; ending at midnight does not.
    const overnight = await s.admin.get<SpaceAvailability[]>(`/location/${loc}/space/availability`, {
      enter: '2030-01-11T20:00:00Z',
      leave: '2030-01-12T02:00:00Z',
    });
    expect(overnight[0]!.allowed).toBe(false);
    const toMidnight = await s.admin.get<SpaceAvailability[]>(`/location/${loc}/space/availability`, {
      enter: '2030-01-11T20:00:00Z',
      leave: '2030-01-12T00:00:00Z',
    });
    expect(toMidnight[0]!.allowed).toBe(true);
  });

  it('filters by attributes and checks the query', async () => {
    const monitors = (await s.admin.post('/space-attribute/', { label: 'Monitors', spaceApplicable: true })).objectId!;
    await s.admin.post(`/location/${loc}/space/`, { name: 'Two', attributes: [{ attributeId: monitors, value: '2' }] });
    await s.admin.post(`/location/${loc}/space/`, { name: 'One', attributes: [{ attributeId: monitors, value: '1' }] });
    await s.admin.post(`/location/${loc}/space/`, { name: 'None' });
    const filter = JSON.stringify([{ attributeId: monitors, comparator: 'gte', value: '2' }]);
    const list = await s.admin.get<SpaceAvailability[]>(`/location/${loc}/space/availability`, { attributes: filter });
    expect(list.map((x) => x.name)).toEqual(['Two']);
    expect(
      (await s.admin.get<SpaceAvailability[]>(`/location/${loc}/space/availability`, { attributes: '{broken' })).length,
    ).toBe(3);
    expect(await statusOf(s.admin.get(`/location/${loc}/space/availability`, { enter: '2030-01-07T09:00:00Z' }))).toBe(
      400,
    );
    expect(await statusOf(s.admin.get(`/location/${loc}/space/availability`, { enter: 'soon', leave: 'later' }))).toBe(
      400,
    );
  });

  it('keeps other organisations out', async () => {
    const oa = (await createOrganization(s, { adminEmail: 'oa@o.example' })).admin!;
    expect(await statusOf(oa.get(`/location/${loc}`))).toBe(404);
    expect(await statusOf(oa.get(`/location/${loc}/space/`))).toBe(404);
    expect(await statusOf(oa.get(`/location/${loc}/space/availability`))).toBe(404);
    expect(await statusOf(oa.post(`/location/${loc}/space/bulk`, { creates: [{ name: 'X' }] }))).toBe(404);
    expect(await statusOf(oa.get(`/location/${loc}/map`))).toBe(404);
    expect(await oa.get('/location/')).toEqual([]);
  });
});

describe('area snapshots', () => {
  it('a server sees space changes made through another server at once', async () => {
    const other = await startTestServer({}, { reset: false });
    try {
      const id = (await s.admin.post(`/location/${loc}/space/`, { name: 'Before' })).objectId!;
      expect((await spaces()).map((x) => x.name)).toEqual(['Before']);
      const viaOther = await other.signIn('admin@perch.test', 'Admin!pass1');
      await viaOther.put(`/location/${loc}/space/${id}`, { name: 'After' });
      expect((await spaces()).map((x) => x.name)).toEqual(['After']);
      const g = (await viaOther.post('/group/', { name: 'Late group' })).objectId!;
      await viaOther.put(`/location/${loc}/space/${id}/allowedbooker`, [g]);
      const list = await s.admin.get<SpaceAvailability[]>(`/location/${loc}/space/availability`);
      expect(list[0]!.allowedBookerGroupIds).toEqual([g]);
      // Changes made directly in the database (another tool, a migration) are seen too.
      await s.deps.db.updateTable('spaces').set({ name: 'Direct' }).where('id', '=', id).execute();
      expect((await spaces()).map((x) => x.name)).toEqual(['Direct']);
    } finally {
      await other.close();
    }
  });
});
