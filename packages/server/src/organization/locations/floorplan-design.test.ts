import type { PerchClient } from '@perch/client';
import {
  FLOORPLAN_DESIGN_LIMITS,
  Role,
  type FloorplanDesignData,
  type Location,
  type LocationMap,
} from '@perch/contract';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inspectImage } from '../../lib/images.js';
import { failure, statusOf } from '../../test-support/http.js';
import { png } from '../../test-support/images.js';
import { createOrganization } from '../../test-support/organizations.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { parseFloorplanDesign, renderFloorplanSvg } from './floorplan-design.js';

/**
 * A design as upstream Seatsurfing's designer (ui/src/components/FloorPlanDesigner.tsx, 1.125)
 * saves it: `JSON.stringify({version: 1, elements})`, ids from `Math.random().toString(36)`,
 * coordinates in SVG user units straight from the mouse (fractions), end points shared by
 * snapped walls, doors and windows snapped onto walls (rotation = the wall's angle), a plant
 * resized by a corner handle and a toilet turned by its rotation handle.
 */
const UPSTREAM_DESIGN = JSON.stringify({
  version: 1,
  elements: [
    { id: 'k2j9x0qa', type: 'wall', x1: 120.5, y1: 80.25, x2: 720.5, y2: 80.25, thickness: 8 },
    { id: '5fh2m1zr', type: 'wall', x1: 720.5, y1: 80.25, x2: 720.5, y2: 480.75, thickness: 8 },
    { id: 'p0o9i8u7', type: 'wall', x1: 720.5, y1: 480.75, x2: 120.5, y2: 480.75, thickness: 8 },
    { id: 'zz81ka0b', type: 'wall', x1: 120.5, y1: 480.75, x2: 120.5, y2: 80.25, thickness: 8 },
    { id: 'a1b2c3d4', type: 'wall', x1: 420.5, y1: 80.25, x2: 420.5, y2: 300.125, thickness: 8 },
    { id: 'dr00m1xx', type: 'door', x: 250.5, y: 440.75, width: 40, height: 40, rotation: 180 },
    { id: 'w1nd0w01', type: 'window', x: 270.5, y: 76.25, width: 60, height: 8, rotation: 0 },
    { id: 'w1nd0w02', type: 'window', x: 690.5, y: 276.5, width: 60, height: 8, rotation: 90 },
    {
      id: 'pl4nt001',
      type: 'plant',
      x: 140.12345678901235,
      y: 100.98765432109876,
      width: 32,
      height: 32,
      rotation: 0,
    },
    {
      id: 'pl4nt002',
      type: 'plant',
      x: 660.3333333333334,
      y: 420.6666666666667,
      width: 45.5,
      height: 38.25,
      rotation: 0,
    },
    { id: 't0ilet01', type: 'toilet', x: 650.5, y: 100.25, width: 40, height: 40, rotation: 37.49999999999999 },
  ],
});
/**
 * Its map, computed as upstream does from the unrotated boxes: the drawing spans x 120.5–750.5
 * (the turned window's box reaches past the wall) and y 76.25–480.75 (the window on the top
 * wall); with the 40 px margin that is 710 × 484.5, a map of 710 × 485.
 */
const UPSTREAM_VIEWBOX = '80.5 36.25 710 484.5';
const UPSTREAM_SIZE = { width: 710, height: 485 };

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

async function newArea(client: PerchClient = s.admin, over: Record<string, unknown> = {}): Promise<string> {
  return (await client.post('/location/', { name: 'Floor 1', enabled: true, ...over })).objectId!;
}

const save = (id: string, designData: unknown, client: PerchClient = s.admin) =>
  client.post(`/location/${id}/floorplan-design`, { designData });
const design = async (id: string, client: PerchClient = s.admin) =>
  (await client.get<FloorplanDesignData>(`/location/${id}/floorplan-design`)).designData;
const map = (id: string, client: PerchClient = s.admin) => client.get<LocationMap>(`/location/${id}/map`);

function svgOf(m: LocationMap): { text: string; doc: Document; root: Element } {
  const text = Buffer.from(m.data, 'base64').toString('utf8');
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  return { text, doc, root: doc.documentElement! };
}

const count = (doc: Document, tag: string) => doc.getElementsByTagName(tag).length;

/** A design of the given elements in upstream's envelope. */
const designOf = (...elements: unknown[]) => JSON.stringify({ version: 1, elements });
const wall = (over: Record<string, unknown> = {}) => ({
  id: 'w',
  type: 'wall',
  x1: 0,
  y1: 0,
  x2: 300,
  y2: 0,
  thickness: 8,
  ...over,
});
const label = (text: string, over: Record<string, unknown> = {}) => ({
  id: 'l',
  type: 'label',
  x: 10,
  y: 20,
  width: 200,
  height: 30,
  rotation: 0,
  text,
  ...over,
});

describe('floor-plan design: format and rendering', () => {
  it('draws a small design exactly as upstream does', () => {
    const d = parseFloorplanDesign(
      designOf(wall(), { id: 'd', type: 'door', x: 200, y: 0, width: 40, height: 40, rotation: 90 }),
    )!;
    const r = renderFloorplanSvg(d);
    // Byte for byte what upstream's floor-plan-renderer.go writes for this design.
    expect(r.data.toString('utf8')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-40 -40 400 300" width="400" height="300">' +
        '<line x1="0" y1="0" x2="300" y2="0" stroke="#555555" stroke-width="8" stroke-linecap="round"/>' +
        '<path d="M 200,0 L 240,0 A 40,40 0 0,1 200,40 Z" fill="#ffcc80" stroke="#e65100" stroke-width="1" transform="rotate(90 220 20)"/>' +
        '</svg>',
    );
    expect([r.width, r.height]).toEqual([400, 300]);
  });

  it('is deterministic and writes numbers with at most two decimals, no exponents', () => {
    const d = parseFloorplanDesign(UPSTREAM_DESIGN)!;
    const a = renderFloorplanSvg(d).data.toString('utf8');
    expect(renderFloorplanSvg(parseFloorplanDesign(UPSTREAM_DESIGN)!).data.toString('utf8')).toBe(a);
    const numbers = a
      .replace(' xmlns="http://www.w3.org/2000/svg"', '')
      .replace(/"#[0-9a-f]{6}"/g, '')
      .match(/-?[\d.][\d.e+-]*/g);
    expect(numbers!.length).toBeGreaterThan(50);
    for (const n of numbers!) expect(n).toMatch(/^-?\d+(\.\d{1,2})?$/);
    expect(a).toContain('<ellipse cx="156.12" cy="116.99" rx="16" ry="16"');
    expect(a).toContain('transform="rotate(37.5 670.5 120.25)"');
  });

  it('treats a missing or zero wall thickness and a missing rotation as upstream does', () => {
    const d = parseFloorplanDesign(
      designOf(wall({ thickness: undefined }), wall({ thickness: 0 }), {
        id: 'p',
        type: 'plant',
        x: 0,
        y: 0,
        width: 32,
        height: 32,
      }),
    )!;
    const svg = renderFloorplanSvg(d).data.toString('utf8');
    expect(svg.match(/stroke-width="8"/g)).toHaveLength(2);
    expect(svg).not.toContain('transform');
  });

  it('produces an SVG that Perch also takes as an uploaded floor plan, unchanged in size', async () => {
    const r = renderFloorplanSvg(
      parseFloorplanDesign(designOf(...JSON.parse(UPSTREAM_DESIGN).elements, label('Kitchen & <Lounge>')))!,
    );
    const info = await inspectImage(r.data);
    expect(info).toMatchObject({ mimeType: 'image/svg+xml', width: r.width, height: r.height });
    expect(info!.data.toString('utf8')).toContain('Kitchen &amp; &lt;Lounge&gt;');
  });
});

describe('floor-plan design: API', () => {
  it('round trip: stores an upstream design as sent and serves its drawing as the area map', async () => {
    const id = await newArea();
    expect(await design(id)).toBe('');
    await save(id, UPSTREAM_DESIGN);
    expect(await design(id)).toBe(UPSTREAM_DESIGN);

    const area = await s.admin.get<Location>(`/location/${id}`);
    expect(area).toMatchObject({
      mapType: 'designed',
      mapMimeType: 'svg+xml',
      mapScale: 1,
      mapWidth: UPSTREAM_SIZE.width,
      mapHeight: UPSTREAM_SIZE.height,
    });

    const m = await map(id);
    expect(m).toMatchObject({ mimeType: 'svg+xml', scale: 1, ...UPSTREAM_SIZE });
    const { text, doc, root } = svgOf(m);
    expect(root.tagName).toBe('svg');
    expect(root.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
    expect(root.getAttribute('viewBox')).toBe(UPSTREAM_VIEWBOX);
    expect(root.getAttribute('width')).toBe(String(UPSTREAM_SIZE.width));
    expect(root.getAttribute('height')).toBe(String(UPSTREAM_SIZE.height));
    // 5 walls; 2 plants and the toilet's bowl; 2 windows and the toilet's tank; 1 door.
    expect(count(doc, 'line')).toBe(5);
    expect(count(doc, 'ellipse')).toBe(3);
    expect(count(doc, 'rect')).toBe(3);
    expect(count(doc, 'path')).toBe(1);
    expect(count(doc, 'text')).toBe(0);
    expect(text).toContain(
      '<path d="M 250.5,440.75 L 290.5,440.75 A 40,40 0 0,1 250.5,480.75 Z" fill="#ffcc80" stroke="#e65100" stroke-width="1" transform="rotate(180 270.5 460.75)"/>',
    );
    // Nothing outside the document: no links, no URLs but the SVG namespace.
    expect(text).not.toMatch(/href|url\(|<script|<foreignObject|<style|<image/i);
    expect(text.match(/https?:/g)).toEqual(['http:']);

    // Members see the same map; saving the same design again gives the same bytes.
    await s.createUser({ email: 'u@test.perch.local' });
    const u = await s.signIn('u@test.perch.local');
    expect(await map(id, u)).toEqual(m);
    expect(await design(id, u)).toBe(UPSTREAM_DESIGN);
    await save(id, UPSTREAM_DESIGN);
    expect(await map(id)).toEqual(m);
  });

  it('replaces an uploaded image with the drawing, and a new design replaces the old one', async () => {
    const id = await newArea();
    await fetch(`${s.url}/location/${id}/map`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.admin.store.load()!.accessToken}`, 'content-type': 'image/png' },
      body: new Uint8Array(png(40, 30)),
    });
    expect((await map(id)).mimeType).toBe('png');
    await save(id, UPSTREAM_DESIGN);
    expect(await map(id)).toMatchObject({ mimeType: 'svg+xml', ...UPSTREAM_SIZE });
    const small = designOf(wall());
    await save(id, small);
    expect(await design(id)).toBe(small);
    expect(await map(id)).toMatchObject({ mimeType: 'svg+xml', width: 400, height: 300 });
  });

  it('escapes text: a label with markup is drawn as text', async () => {
    const id = await newArea();
    const hostile = `<script>alert("x")</script> & 'Bob's' ]]> <![CDATA[ x`;
    await save(id, designOf(wall(), label(hostile), label('Café ☕ 会议室', { id: 'l2', rotation: -45 })));
    const { text, doc } = svgOf(await map(id));
    expect(count(doc, 'script')).toBe(0);
    expect(text).not.toContain('<script');
    expect(text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;Bob&apos;s&apos; ]]&gt;');
    const texts = doc.getElementsByTagName('text');
    expect(texts.length).toBe(2);
    expect(texts[0]!.textContent).toBe(hostile);
    expect(texts[0]!.childNodes.length).toBe(1);
    expect(texts[0]!.getAttribute('font-size')).toBe('24');
    expect(texts[1]!.textContent).toBe('Café ☕ 会议室');
    expect(texts[1]!.getAttribute('transform')).toBe('rotate(-45 110 35)');
  });

  describe('refuses bad designs with a 400 and keeps the stored design and map', () => {
    const many = (n: number) =>
      designOf(...Array.from({ length: n }, (_, i) => wall({ id: `w${i}`, x1: i % 100, x2: (i % 100) + 50 })));
    const cases: [string, unknown, RegExp][] = [
      ['not JSON', 'not-json', /not valid JSON/],
      ['truncated JSON', UPSTREAM_DESIGN.slice(0, -3), /not valid JSON/],
      ['JSON null', 'null', /expected object/],
      ['a JSON array', '[]', /expected object/],
      ['no elements list', '{"version":1}', /elements/],
      ['another version', designOf().replace('"version":1', '"version":2'), /version/],
      ['an unknown element type', designOf({ id: 's', type: 'sofa', x: 0, y: 0, width: 9, height: 9 }), /type/],
      ['an element that is no object', designOf(5), /elements\[0\]/],
      ['an unknown field', designOf(wall({ onclick: 'alert(1)' })), /Unrecognized key.*onclick/],
      ['a number as a string', designOf(wall({ x1: '10' })), /elements\[0\]\.x1/],
      ['a missing coordinate', designOf(wall({ y2: undefined })), /elements\[0\]\.y2/],
      ['a huge coordinate', designOf(wall({ x2: 1e9 })), /elements\[0\]\.x2: Too big/],
      ['an infinite number', designOf(wall()).replace('"x2":300', '"x2":1e400'), /elements\[0\]\.x2/],
      ['a huge negative coordinate', designOf(wall({ y1: -1e7 })), /elements\[0\]\.y1: Too small/],
      ['a drawing wider than the limit', designOf(wall({ x1: -60_000, x2: 60_000 })), /span at most 100000/],
      ['a negative width', designOf(label('x', { width: -5 })), /elements\[0\]\.width/],
      ['a zero height', designOf(label('x', { height: 0 })), /elements\[0\]\.height/],
      ['a huge wall thickness', designOf(wall({ thickness: 5000 })), /thickness/],
      ['a huge rotation', designOf(label('x', { rotation: 1e12 })), /rotation/],
      ['an empty id', designOf(wall({ id: '' })), /id/],
      ['an empty label', designOf(label('')), /text/],
      ['a label too long', designOf(label('x'.repeat(201))), /text/],
      ['a control character', designOf(label('a\u0007b')), /printable/],
      ['an unpaired surrogate', designOf(label('a')).replace('"text":"a"', '"text":"a\\ud800"'), /printable/],
      ['too many elements', many(FLOORPLAN_DESIGN_LIMITS.maxElements + 1), /at most 5000 elements/],
      ['designData that is no string', { version: 1, elements: [] }, /designData/],
      ['designData over the size limit', ' '.repeat(FLOORPLAN_DESIGN_LIMITS.maxChars + 1), /designData/],
    ];

    let id: string;
    let before: LocationMap;
    beforeEach(async () => {
      id = await newArea();
      await save(id, UPSTREAM_DESIGN);
      before = await map(id);
    });

    it.each(cases)('%s', async (_name, designData, message) => {
      const err = await failure(save(id, designData));
      expect(err.status).toBe(400);
      expect(err.message).toMatch(message);
      expect(await design(id)).toBe(UPSTREAM_DESIGN);
      expect(await map(id)).toEqual(before);
    });

    it('takes the largest design the limits allow', async () => {
      await save(id, many(FLOORPLAN_DESIGN_LIMITS.maxElements));
      expect(count(svgOf(await map(id)).doc, 'line')).toBe(FLOORPLAN_DESIGN_LIMITS.maxElements);
    });
  });

  it('an empty design removes the design and the drawn map, but not an uploaded image', async () => {
    const id = await newArea();
    for (const empty of ['', designOf(), '{"elements":[]}']) {
      await save(id, UPSTREAM_DESIGN);
      await save(id, empty);
      expect(await design(id)).toBe('');
      expect(await map(id)).toEqual({ width: 0, height: 0, scale: 1, mimeType: '', data: '' });
      expect(await s.admin.get<Location>(`/location/${id}`)).toMatchObject({
        mapType: 'designed',
        mapWidth: 0,
        mapHeight: 0,
        mapMimeType: '',
      });
    }

    // An area whose plan is an uploaded image keeps it.
    const uploaded = await newArea();
    await fetch(`${s.url}/location/${uploaded}/map`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.admin.store.load()!.accessToken}`, 'content-type': 'image/png' },
      body: new Uint8Array(png(40, 30)),
    });
    const image = await map(uploaded);
    await save(uploaded, '');
    expect(await map(uploaded)).toEqual(image);
    expect(image).toMatchObject({ mimeType: 'png', width: 40, height: 30 });
  });

  it('members read, space admins and up write', async () => {
    const id = await newArea();
    await s.createUser({ email: 'u@test.perch.local' });
    await s.createUser({ email: 'sa@test.perch.local', role: Role.SpaceAdmin });
    const u = await s.signIn('u@test.perch.local');
    const sa = await s.signIn('sa@test.perch.local');
    expect(await design(id, u)).toBe('');
    expect(await statusOf(save(id, UPSTREAM_DESIGN, u))).toBe(403);
    expect(await statusOf(save(id, '', u))).toBe(403);
    expect(await design(id)).toBe('');
    await save(id, UPSTREAM_DESIGN, sa);
    expect(await design(id, u)).toBe(UPSTREAM_DESIGN);
    expect(await statusOf(save(id, 'not-json', u))).toBe(403);
  });

  it('another organisation gets 404 and changes nothing; unknown areas are 404', async () => {
    const id = await newArea();
    await save(id, UPSTREAM_DESIGN);
    const before = await map(id);
    const other = await createOrganization(s, { adminEmail: 'boss@other.example' });
    const boss = other.admin!;
    expect(await statusOf(boss.get(`/location/${id}/floorplan-design`))).toBe(404);
    expect(await statusOf(save(id, designOf(wall()), boss))).toBe(404);
    expect(await statusOf(save(id, '', boss))).toBe(404);
    expect(await design(id)).toBe(UPSTREAM_DESIGN);
    expect(await map(id)).toEqual(before);
    // The other organisation's own area works for its admin.
    const own = await newArea(boss);
    await save(own, designOf(wall()), boss);
    expect(await design(own, boss)).toBe(designOf(wall()));

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await statusOf(s.admin.get(`/location/${unknown}/floorplan-design`))).toBe(404);
    expect(await statusOf(save(unknown, UPSTREAM_DESIGN))).toBe(404);
    expect(await statusOf(s.admin.get(`/location/not-a-uuid/floorplan-design`))).toBe(404);
  });

  it('deleting the area removes its design', async () => {
    const id = await newArea();
    const kept = await newArea(s.admin, { name: 'Floor 2' });
    await save(id, UPSTREAM_DESIGN);
    await save(kept, designOf(wall()));
    await s.admin.delete(`/location/${id}`);
    const rows = await s.deps.db.selectFrom('location_floorplan_designs').select('location_id').execute();
    expect(rows).toEqual([{ location_id: kept }]);
    expect(await statusOf(s.admin.get(`/location/${id}/floorplan-design`))).toBe(404);
  });
});
