import type { LocationMap } from '@perch/contract';
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SVG_MAX_DEPTH, SVG_MAX_ELEMENTS } from '../../lib/svg-sanitizer.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { cadLikeSvg } from '../../test-support/svg-plans.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
beforeEach(() => s.reset());

const MB = 1024 * 1024;

async function newArea(): Promise<string> {
  return (await s.admin.post('/location/', { name: 'Floor 1', enabled: true })).objectId!;
}

/** POSTs the bytes as they are with node:http. */
function upload(id: string, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${s.url}/location/${id}/map`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${s.admin.store.load()!.accessToken}`,
        'content-type': 'image/svg+xml',
        'content-length': body.length,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.end(body);
  });
}

// How long other requests wait while such files are sanitised is a benchmark figure
// (`npm run bench`, packages/server/bench/map-upload-scenario.ts), not a pass mark of a test.
describe('floor-plan uploads', () => {
  it('sanitises a maximum-size SVG (close to 20 MB, at the element limit) in full', async () => {
    // Parsed and walked in full, then refused for its missing size: nothing is stored.
    const id = await newArea();
    const svg = cadLikeSvg(19.5 * MB, SVG_MAX_ELEMENTS - 1, false);
    const { status, text } = await upload(id, svg);
    expect(status).toBe(400);
    expect(text).toContain('needs a width and height or a viewBox');
  }, 120_000);

  it('stores a maximum-size SVG (close to 20 MB, at the element limit)', async () => {
    const id = await newArea();
    const svg = cadLikeSvg(19.5 * MB, SVG_MAX_ELEMENTS - 1);
    const { status, text } = await upload(id, svg);
    expect(status, text).toBe(204);
    const map = await s.admin.get<LocationMap>(`/location/${id}/map`);
    expect(map).toMatchObject({ width: 4000, height: 3000, mimeType: 'svg+xml' });
    expect(Buffer.from(map.data, 'base64').length).toBeGreaterThan(19 * MB);
  }, 120_000);

  it('refuses an SVG with more elements than the limit (400 naming it)', async () => {
    const id = await newArea();
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${'<rect width="1" height="1"/>'.repeat(700_000)}</svg>`,
    );
    expect(svg.length).toBeGreaterThan(19_000_000);
    const { status, text } = await upload(id, svg);
    expect(status).toBe(400);
    expect(text).toContain(`more than ${SVG_MAX_ELEMENTS.toLocaleString('en')} elements`);
  }, 120_000);

  it('refuses deeply nested SVG with a 400 naming the depth limit, not a stack overflow', async () => {
    const id = await newArea();
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${'<g>'.repeat(20_000)}<rect width="1" height="1"/>${'</g>'.repeat(20_000)}</svg>`,
    );
    const { status, text } = await upload(id, svg);
    expect(status, text).toBe(400);
    expect(text).toContain(`deeper than ${SVG_MAX_DEPTH} levels`);
  });

  it('accepts nesting up to the depth limit', async () => {
    const id = await newArea();
    const levels = SVG_MAX_DEPTH - 2; // the root is the first level, the rectangle the last
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${'<g>'.repeat(levels)}<rect width="1" height="1"/>${'</g>'.repeat(levels)}</svg>`,
    );
    const { status, text } = await upload(id, svg);
    expect(status, text).toBe(204);
    const map = await s.admin.get<LocationMap>(`/location/${id}/map`);
    expect(Buffer.from(map.data, 'base64').toString('utf8')).toContain('<rect width="1" height="1"/>');
  });

  it('stores SVG without external references under other XLink prefixes, in CSS escapes or in the root style', async () => {
    const id = await newArea();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xl="http://www.w3.org/1999/xlink" width="300" height="200"
      style="background-image: url(https://evil.example/bg.png); fill: blue" ONLOAD="alert(1)">
      <image xl:href="https://evil.example/x.png" width="10" height="10"/><use xl:href="https://evil.example/s.svg#a"/>
      <rect id="a" width="10" height="10" style="fill: u\\72l(https://evil.example/t); stroke: red"/><use xl:href="#a"/></svg>`;
    const { status, text } = await upload(id, Buffer.from(svg));
    expect(status, text).toBe(204);
    const map = await s.admin.get<LocationMap>(`/location/${id}/map`);
    const stored = Buffer.from(map.data, 'base64').toString('utf8');
    expect(stored).not.toMatch(/evil\.example|alert|onload/i);
    expect(stored).toContain(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="300" height="200" style="fill:blue">',
    );
    expect(stored).toContain('<rect id="a" width="10" height="10" style="stroke:red"/><use xlink:href="#a"/>');
  });

  it('refuses SVG with entity declarations with a clear 400', async () => {
    const id = await newArea();
    const { status, text } = await upload(
      id,
      Buffer.from(
        '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><text>&b;</text></svg>',
      ),
    );
    expect(status).toBe(400);
    expect(text).toContain('declares XML entities');
  });

  it('still takes raster images and answers 400 for text that is not an image', async () => {
    const id = await newArea();
    const { status, text } = await upload(id, Buffer.from('<html><body>not a floor plan</body></html>'));
    expect(status).toBe(400);
    expect(text).toContain('PNG, JPEG, GIF, WebP or SVG');
  });
});
