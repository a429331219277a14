import { describe, expect, it } from 'vitest';
import { rasterImageInfo, svgLengthPx, svgPlanSize } from './floor-plan-image.js';

const bytes = (...parts: Array<number[] | string>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le16 = (n: number) => [n & 255, (n >>> 8) & 255];
const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];

describe('rasterImageInfo', () => {
  it('reads the size of a PNG from its header', () => {
    const png = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], be32(13), 'IHDR', be32(3000), be32(70000));
    expect(rasterImageInfo(png)).toEqual({ mimeType: 'image/png', width: 3000, height: 70000 });
  });

  it('reads GIF and JPEG sizes', () => {
    expect(rasterImageInfo(bytes('GIF89a', le16(640), le16(480)))).toEqual({
      mimeType: 'image/gif',
      width: 640,
      height: 480,
    });
    const jpeg = bytes(
      [0xff, 0xd8],
      [0xff, 0xe0, 0, 16],
      'JFIF',
      [0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
      [0xff, 0xc0, 0, 11, 8],
      [0x03, 0x20], // height 800
      [0x04, 0xb0], // width 1200
      [1, 1, 0x11, 0],
      [0xff, 0xd9],
    );
    expect(rasterImageInfo(jpeg)).toEqual({ mimeType: 'image/jpeg', width: 1200, height: 800 });
  });

  it('reads the three kinds of WebP header', () => {
    const riff = (chunk: string, body: number[]) => bytes('RIFF', [0, 0, 0, 0], 'WEBP', chunk, body);
    const vp8x = riff('VP8X', [0, 0, 0, 0, 0, 0, 0, 0, ...le24(1999), ...le24(999), 0, 0]);
    expect(rasterImageInfo(vp8x)).toEqual({ mimeType: 'image/webp', width: 2000, height: 1000 });
    const vp8 = riff('VP8 ', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ...le16(320), ...le16(200), 0, 0]);
    expect(rasterImageInfo(vp8)).toEqual({ mimeType: 'image/webp', width: 320, height: 200 });
    const bits = (100 - 1) | ((50 - 1) << 14);
    const vp8l = riff('VP8L', [
      0,
      0,
      0,
      0,
      0x2f,
      bits & 255,
      (bits >>> 8) & 255,
      (bits >>> 16) & 255,
      bits >>> 24,
      0,
      0,
      0,
      0,
      0,
    ]);
    expect(rasterImageInfo(vp8l)).toEqual({ mimeType: 'image/webp', width: 100, height: 50 });
  });

  it('answers null for a recognised signature without a size, undefined for anything else', () => {
    expect(rasterImageInfo(bytes([0xff, 0xd8, 0xff, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeNull();
    expect(rasterImageInfo(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(rasterImageInfo(bytes('not an image at all'))).toBeUndefined();
    expect(rasterImageInfo(new Uint8Array())).toBeUndefined();
  });
});

describe('SVG sizes', () => {
  it('turns absolute lengths into whole pixels at 96 dpi', () => {
    expect(svgLengthPx('800')).toBe(800);
    expect(svgLengthPx(' 72pt ')).toBe(96);
    expect(svgLengthPx('1in')).toBe(96);
    expect(svgLengthPx('25.4mm')).toBe(96);
    expect(svgLengthPx('100%')).toBeNull();
    expect(svgLengthPx('0')).toBeNull();
    expect(svgLengthPx(undefined)).toBeNull();
  });

  it('takes each side from its attribute, else from the view box', () => {
    const attrs = (a: Record<string, string>) => (name: string) => a[name];
    expect(svgPlanSize(attrs({ width: '400', height: '300' }))).toEqual({ width: 400, height: 300 });
    expect(svgPlanSize(attrs({ viewBox: '0 0 1200.4 600' }))).toEqual({ width: 1200, height: 600 });
    expect(svgPlanSize(attrs({ width: '50mm', viewBox: '0,0,10,20' }))).toEqual({ width: 189, height: 20 });
    expect(svgPlanSize(attrs({ width: '100%', height: '100%' }))).toBeNull();
    expect(svgPlanSize(attrs({}))).toBeNull();
  });
});
