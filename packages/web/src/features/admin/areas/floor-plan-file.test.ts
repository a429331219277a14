import { describe, expect, it } from 'vitest';
import { inspectFloorPlanFile } from './floor-plan-file';

const svg = (markup: string) => new File([markup], 'plan.svg', { type: 'image/svg+xml' });
const drawable = { canDraw: () => Promise.resolve(true) };

/** The first bytes of a PNG: signature and an IHDR chunk with the size. */
function pngHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}

describe('checking a floor plan before it is saved', () => {
  it('takes a raster image by its content and reads its size', async () => {
    const file = new File([pngHeader(1200, 800)], 'plan.bin', { type: '' });
    expect(await inspectFloorPlanFile(file, drawable)).toEqual({
      ok: true,
      image: { mimeType: 'image/png', width: 1200, height: 800 },
    });
  });

  it('refuses a file that only looks like an image by its name or type', async () => {
    const file = new File(['not an image at all'], 'plan.png', { type: 'image/png' });
    expect(await inspectFloorPlanFile(file, drawable)).toEqual({ ok: false, problem: { key: 'floorPlanProblemType' } });
  });

  it('refuses empty files, files over the limit and images without a size', async () => {
    expect(await inspectFloorPlanFile(new File([], 'plan.png'), drawable)).toMatchObject({
      problem: { key: 'floorPlanProblemEmpty' },
    });
    const large = new File([new Uint8Array(2048)], 'plan.png');
    expect(await inspectFloorPlanFile(large, { ...drawable, maxBytes: 1024 })).toMatchObject({
      problem: { key: 'floorPlanProblemTooLarge' },
    });
    expect(await inspectFloorPlanFile(new File([pngHeader(0, 10)], 'plan.png'), drawable)).toMatchObject({
      problem: { key: 'floorPlanProblemNoSize' },
    });
  });

  it('refuses a raster image the browser cannot draw (a damaged file)', async () => {
    const file = new File([pngHeader(100, 100)], 'plan.png', { type: 'image/png' });
    expect(await inspectFloorPlanFile(file, { canDraw: () => Promise.resolve(false) })).toMatchObject({
      problem: { key: 'floorPlanProblemDamaged' },
    });
  });

  it('takes an SVG with a size from its attributes or its view box', async () => {
    const sized = svg('<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="300"><rect/></svg>');
    expect(await inspectFloorPlanFile(sized)).toEqual({
      ok: true,
      image: { mimeType: 'image/svg+xml', width: 151, height: 300 },
    });
    const boxed = svg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480"/>');
    expect(await inspectFloorPlanFile(boxed)).toMatchObject({ ok: true, image: { width: 640, height: 480 } });
  });

  it('refuses an SVG the server would refuse: no size, entities, a DTD of its own, too deep', async () => {
    const check = async (markup: string) => (await inspectFloorPlanFile(svg(markup))) as { problem?: unknown };
    expect((await check('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>')).problem).toEqual({
      key: 'floorPlanProblemSvgSize',
    });
    expect(
      (await check('<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'))
        .problem,
    ).toEqual({ key: 'floorPlanProblemSvgEntities' });
    expect(
      (
        await check(
          '<!DOCTYPE svg [<!ATTLIST svg a CDATA "b">]><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
        )
      ).problem,
    ).toEqual({ key: 'floorPlanProblemSvgDtd' });
    const deep = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${'<g>'.repeat(200)}${'</g>'.repeat(200)}</svg>`;
    expect((await check(deep)).problem).toEqual({ key: 'floorPlanProblemSvgDepth', values: { max: 200 } });
    expect((await check('<html><svg width="10" height="10"/></html>')).problem).toEqual({
      key: 'floorPlanProblemType',
    });
  });

  it('leaves an SVG the browser cannot parse to the server, which reads markup more leniently', async () => {
    const loose = svg('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><text>A&nbsp;B</text></svg>');
    expect(await inspectFloorPlanFile(loose)).toEqual({
      ok: true,
      image: { mimeType: 'image/svg+xml', width: 0, height: 0 },
    });
  });
});
