import type { AttributeValue, Location, LocationMap, Space } from '@perch/contract';
import { FLOOR_PLAN_MAX_MB_DEFAULT, FLOOR_PLAN_SVG_LIMITS } from '@perch/contract/values';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statusOf } from '../../test-support/http.js';
import { gifHeader, jpegHeader, png, webpHeader } from '../../test-support/images.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { createOrganization } from '../../test-support/organizations.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

const area = (over: Record<string, unknown> = {}) => ({ name: 'Floor 1', enabled: true, ...over });

async function upload(id: string, bytes: Buffer | string, contentType = 'application/octet-stream') {
  return fetch(`${s.url}/location/${id}/map`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.admin.store.load()!.accessToken}`, 'content-type': contentType },
    body: typeof bytes === 'string' ? bytes : new Uint8Array(bytes),
  });
}

describe('areas', () => {
  it('space admins create, read, update, list and delete areas', async () => {
    const id = (
      await s.admin.post(
        '/location/',
        area({
          description: 'North wing',
          maxConcurrentBookings: 5,
          timezone: 'America/New_York',
          bookableDays: [5, 1, 3],
        }),
      )
    ).objectId!;
    const l = await s.admin.get<Location>(`/location/${id}`);
    expect(l).toMatchObject({
      name: 'Floor 1',
      description: 'North wing',
      maxConcurrentBookings: 5,
      timezone: 'America/New_York',
      enabled: true,
      bookableDays: [1, 3, 5],
      organizationId: s.orgId,
    });
    await s.admin.put(`/location/${id}`, area({ name: 'Floor One' }));
    expect((await s.admin.get<Location>(`/location/${id}`)).name).toBe('Floor One');
    await s.admin.post('/location/', area({ name: 'Annex' }));
    expect((await s.admin.get<Location[]>('/location/')).map((x) => x.name)).toEqual(['Annex', 'Floor One']);
    await s.admin.post(`/location/${id}/space/`, { name: 'Desk' });
    expect((await s.admin.get<Location[]>('/location/')).map((x) => x.spaceCount)).toEqual([0, 1]);
    await s.admin.delete(`/location/${id}`);
    expect(await statusOf(s.admin.get(`/location/${id}`))).toBe(404);
  });

  it('keeps the reference default: enabled is false when omitted', async () => {
    const id = (await s.admin.post('/location/', { name: 'Quiet' })).objectId!;
    expect((await s.admin.get<Location>(`/location/${id}`)).enabled).toBe(false);
  });

  it('validates the body: time zone, weekdays, groups', async () => {
    expect(await statusOf(s.admin.post('/location/', area({ timezone: 'Mars/Base' })))).toBe(400);
    expect(await statusOf(s.admin.post('/location/', area({ bookableDays: [1, 1] })))).toBe(400);
    expect(await statusOf(s.admin.post('/location/', area({ bookableDays: [7] })))).toBe(400);
    expect(await statusOf(s.admin.post('/location/', area({ name: '' })))).toBe(400);
    expect(await statusOf(s.admin.post('/location/', area({ maxConcurrentBookings: -1 })))).toBe(400);
    expect(
      await statusOf(
        s.admin.post('/location/', area({ allowedBookerGroupIds: ['00000000-0000-4000-8000-000000000000'] })),
      ),
    ).toBe(400);
    const g = (await s.admin.post('/group/', { name: 'Team' })).objectId!;
    const id = (await s.admin.post('/location/', area({ allowedBookerGroupIds: [g] }))).objectId!;
    expect((await s.admin.get<Location>(`/location/${id}`)).allowedBookerGroupIds).toEqual([g]);
    await s.admin.put(`/location/${id}`, area({ allowedBookerGroupIds: [] }));
    expect((await s.admin.get<Location>(`/location/${id}`)).allowedBookerGroupIds).toEqual([]);
  });

  it('members read, space admins write', async () => {
    const id = (await s.admin.post('/location/', area())).objectId!;
    await s.createUser({ email: 'u@test.perch.local' });
    const u = await s.signIn('u@test.perch.local');
    expect((await u.get<Location[]>('/location/')).length).toBe(1);
    expect((await u.get<Location>(`/location/${id}`)).name).toBe('Floor 1');
    expect(await statusOf(u.post('/location/', area()))).toBe(403);
    expect(await statusOf(u.put(`/location/${id}`, area()))).toBe(403);
    expect(await statusOf(u.delete(`/location/${id}`))).toBe(403);
  });

  it('deleting an area removes its spaces, map and attribute values', async () => {
    const id = (await s.admin.post('/location/', area())).objectId!;
    await s.admin.post(`/location/${id}/space/`, { name: 'Desk 1' });
    await upload(id, png(4, 3));
    const attr = (await s.admin.post('/space-attribute/', { label: 'Floor', locationApplicable: true })).objectId!;
    await s.admin.post(`/location/${id}/attribute/${attr}`, { value: '3' });
    await s.admin.delete(`/location/${id}`);
    for (const table of ['spaces', 'location_maps', 'location_attribute_values'] as const) {
      const rows = await s.deps.db.selectFrom(table).selectAll().execute();
      expect(rows, table).toEqual([]);
    }
  });
});

describe('floor plans', () => {
  it.each([
    ['PNG', png(40, 30), 'png', 40, 30],
    ['JPEG', jpegHeader(2047, 802), 'jpeg', 2047, 802],
    ['GIF', gifHeader(320, 200), 'gif', 320, 200],
    ['WebP', webpHeader(1024, 768), 'webp', 1024, 768],
  ] as const)('detects %s by its content and stores its size', async (_name, bytes, mime, w, h) => {
    const id = (await s.admin.post('/location/', area())).objectId!;
    const res = await upload(id, bytes, 'image/svg+xml');
    expect(res.status).toBe(204);
    const map = await s.admin.get<LocationMap>(`/location/${id}/map`);
    expect(map).toMatchObject({ width: w, height: h, mimeType: mime });
    expect(Buffer.from(map.data, 'base64').equals(bytes)).toBe(true);
    expect(await s.admin.get<Location>(`/location/${id}`)).toMatchObject({
      mapWidth: w,
      mapHeight: h,
      mapMimeType: mime,
    });
  });

  it('sanitises SVG so it cannot carry script', async () => {
    const id = (await s.admin.post('/location/', area())).objectId!;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10cm" height="200" onload="alert(1)">
      <script>alert(2)</script><rect width="10" height="10" onclick="alert(3)" fill="red"/>
      <a href="javascript:alert(4)"><text>x</text></a><foreignObject><div>hi</div></foreignObject>
      <use xlink:href="https://evil.example/x.svg#a"/><image href="https://evil.example/t.png"/><use href="#ok"/>
      <rect style="fill: url(https://evil.example/track)"/></svg>`;
    expect((await upload(id, svg, 'image/svg+xml')).status).toBe(204);
    const map = await s.admin.get<LocationMap>(`/location/${id}/map`);
    const stored = Buffer.from(map.data, 'base64').toString('utf8');
    expect(map).toMatchObject({ mimeType: 'svg+xml', width: 378, height: 200 });
    for (const bad of ['<script', 'onload', 'onclick', 'javascript:', 'foreignObject', 'evil.example', 'alert'])
      expect(stored).not.toContain(bad);
    expect(stored).toContain('<rect');
    expect(stored).toContain('href="#ok"');
  });

  it('refuses files that are not images (400), oversized uploads (413) and non-admins (403)', async () => {
    const id = (await s.admin.post('/location/', area())).objectId!;
    expect((await upload(id, 'just some text')).status).toBe(400);
    expect((await upload(id, '<svg><!ENTITY x "boom"></svg>')).status).toBe(400);
    expect((await upload(id, Buffer.alloc(0))).status).toBe(400);
    const small = await startTestServer({ MAP_MAX_MB: '1' }, { reset: false });
    try {
      const res = await fetch(`${small.url}/location/${id}/map`, {
        method: 'POST',
        headers: { authorization: `Bearer ${small.admin.store.load()!.accessToken}`, 'content-type': 'image/png' },
        body: new Uint8Array(Buffer.concat([png(2, 2), Buffer.alloc(1024 * 1024 + 10)])),
      });
      expect(res.status).toBe(413);
    } finally {
      await small.close();
    }
    await s.createUser({ email: 'u@test.perch.local' });
    const u = await s.signIn('u@test.perch.local');
    const res = await fetch(`${s.url}/location/${id}/map`, {
      method: 'POST',
      headers: { authorization: `Bearer ${u.store.load()!.accessToken}` },
      body: new Uint8Array(png(2, 2)),
    });
    expect(res.status).toBe(403);
  });

  it('leaves the stored plan as it was when an upload is refused (400), with the rules the web app checks', async () => {
    const id = (await s.admin.post('/location/', area())).objectId!;
    expect((await upload(id, png(320, 200), 'image/png')).status).toBe(204);
    const before = await s.admin.get<LocationMap>(`/location/${id}/map`);
    const refused: Array<Buffer | string> = [
      'not an image at all',
      // A JPEG whose size cannot be read, an SVG without a size, a DTD of its own, nesting too deep.
      Buffer.from([0xff, 0xd8, 0xff, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]),
      '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>',
      '<!DOCTYPE svg [<!ATTLIST svg a CDATA "b">]><svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>',
      `<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9">${'<g>'.repeat(FLOOR_PLAN_SVG_LIMITS.maxDepth)}${'</g>'.repeat(FLOOR_PLAN_SVG_LIMITS.maxDepth)}</svg>`,
    ];
    for (const bytes of refused) expect((await upload(id, bytes)).status).toBe(400);
    expect(await s.admin.get<LocationMap>(`/location/${id}/map`)).toEqual(before);
    expect(await s.admin.get<Location>(`/location/${id}`)).toMatchObject({
      mapWidth: 320,
      mapHeight: 200,
      mapMimeType: 'png',
    });
    // The install's limit is the contract's unless MAP_MAX_MB says otherwise.
    expect(s.deps.config.MAP_MAX_MB).toBe(FLOOR_PLAN_MAX_MB_DEFAULT);
  });

  it('answers an empty map before any upload', async () => {
    const id = (await s.admin.post('/location/', area())).objectId!;
    expect(await s.admin.get<LocationMap>(`/location/${id}/map`)).toMatchObject({ width: 0, height: 0, data: '' });
  });
});

describe('area attributes and search', () => {
  it('sets, reads and deletes attribute values; only area attributes apply', async () => {
    const id = (await s.admin.post('/location/', area())).objectId!;
    const floor = (await s.admin.post('/space-attribute/', { label: 'Floor', locationApplicable: true })).objectId!;
    const spaceOnly = (await s.admin.post('/space-attribute/', { label: 'Monitors', spaceApplicable: true })).objectId!;
    await s.admin.post(`/location/${id}/attribute/${floor}`, { value: '3' });
    await s.admin.post(`/location/${id}/attribute/${floor}`, { value: '4' });
    expect(await s.admin.get<AttributeValue[]>(`/location/${id}/attribute`)).toEqual([
      { attributeId: floor, value: '4' },
    ]);
    expect(await statusOf(s.admin.post(`/location/${id}/attribute/${spaceOnly}`, { value: '1' }))).toBe(400);
    expect(
      await statusOf(s.admin.post(`/location/${id}/attribute/00000000-0000-4000-8000-000000000000`, { value: '1' })),
    ).toBe(404);
    await s.admin.delete(`/location/${id}/attribute/${floor}`);
    await s.admin.delete(`/location/${id}/attribute/${floor}`);
    expect(await s.admin.get(`/location/${id}/attribute`)).toEqual([]);
  });

  it('finds areas by attributes and by their number of spaces', async () => {
    const floor = (await s.admin.post('/space-attribute/', { label: 'Floor', locationApplicable: true })).objectId!;
    const a = (await s.admin.post('/location/', area({ name: 'A' }))).objectId!;
    const b = (await s.admin.post('/location/', area({ name: 'B' }))).objectId!;
    await s.admin.post(`/location/${a}/attribute/${floor}`, { value: '2' });
    await s.admin.post(`/location/${b}/attribute/${floor}`, { value: '5' });
    await s.admin.post(`/location/${b}/space/`, { name: 'Desk' });
    const window = { enter: '2030-01-07T09:00:00Z', leave: '2030-01-07T17:00:00Z' };
    const byFloor = await s.admin.post<Location[]>('/location/search', {
      ...window,
      attributes: [{ attributeId: floor, comparator: 'gte', value: '3' }],
    });
    expect(byFloor.data.map((l) => l.name)).toEqual(['B']);
    const withSpaces = await s.admin.post<Location[]>('/location/search', {
      ...window,
      attributes: [{ attributeId: 'numSpaces', comparator: 'gt', value: '0' }],
    });
    expect(withSpaces.data.map((l) => l.name)).toEqual(['B']);
    const all = await s.admin.post<Location[]>('/location/search', window);
    expect(all.data.map((l) => l.name)).toEqual(['A', 'B']);
    expect(await statusOf(s.admin.post('/location/search', { enter: 'tomorrow', leave: window.leave }))).toBe(400);
  });

  it('refuses criteria naming neither an attribute of the organisation nor an area fact', async () => {
    const window = { enter: '2030-01-07T09:00:00Z', leave: '2030-01-07T17:00:00Z' };
    await s.admin.post('/location/', area({ name: 'A' }));
    const search = (attributeId: string) =>
      s.admin.post<Location[]>('/location/search', {
        ...window,
        attributes: [{ attributeId, comparator: 'eq', value: '1' }],
      });
    for (const attributeId of ['numDesks', 'not-a-uuid', '00000000-0000-4000-8000-000000000000'])
      expect(await statusOf(search(attributeId)), attributeId).toBe(400);
    // An attribute of another organisation is unknown here.
    const hank = (
      await createOrganization(s, { name: 'Globex', domain: 'globex.example', adminEmail: 'hank@globex.example' })
    ).admin!;
    const theirs = (await hank.post('/space-attribute/', { label: 'Floor', locationApplicable: true })).objectId!;
    expect(await statusOf(search(theirs))).toBe(400);
    // Known ids, the area facts and an empty id (no criterion) are fine, in any letter case.
    const ours = (await s.admin.post('/space-attribute/', { label: 'Floor', locationApplicable: true })).objectId!;
    expect((await search(ours.toUpperCase())).status).toBe(200);
    for (const attributeId of ['numSpaces', 'numFreeSpaces', 'buddyOnSite', ''])
      expect((await search(attributeId)).status, attributeId).toBe(200);
  });
});

describe('sample data', () => {
  it('loads the sample floor into an organisation without areas, once', async () => {
    await s.admin.post('/location/loadsampledata');
    const areas = await s.admin.get<Location[]>('/location/');
    expect(areas).toMatchObject([{ name: 'Sample Floor', enabled: true, mapMimeType: 'svg+xml' }]);
    const spaces = await s.admin.get<Space[]>(`/location/${areas[0]!.id}/space/`);
    expect(spaces.length).toBe(17);
    expect(spaces.filter((x) => x.name.startsWith('Desk'))).toHaveLength(16);
    expect(spaces.every((x) => x.attributes.length === 2)).toBe(true);
    expect(await statusOf(s.admin.post('/location/loadsampledata'))).toBe(409);
  });

  it('is created at the first start unless SAMPLE_DATA=0', async () => {
    const withSample = await startTestServer({ SAMPLE_DATA: '1' });
    try {
      const areas = await withSample.admin.get<Location[]>('/location/');
      expect(areas.map((a) => a.name)).toEqual(['Sample Floor']);
      const map = await withSample.admin.get<LocationMap>(`/location/${areas[0]!.id}/map`);
      expect(Buffer.from(map.data, 'base64').toString('utf8')).toContain('<svg');
    } finally {
      await withSample.close();
    }
  });
});
