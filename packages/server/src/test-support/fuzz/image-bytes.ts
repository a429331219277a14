import type { Rng } from './rng.js';
import { LONG } from './values.js';

/**
 * Bytes for raw upload routes that claim to be (or nearly are) images: random bytes, damaged
 * or oversized PNGs, other formats' magic numbers and hostile SVG.
 */

/** Bytes that claim to be (or nearly are) images, for raw upload routes. */
export function imageLikeBytes(rng: Rng, validPng: Buffer): { bytes: Buffer; what: string } {
  const flip = (b: Buffer, n: number) => {
    const c = Buffer.from(b);
    for (let i = 0; i < n; i++) c[rng.int(0, c.length - 1)] = rng.int(0, 255);
    return c;
  };
  const ihdr = (w: number, h: number) => {
    const c = Buffer.from(validPng);
    c.writeUInt32BE(w, 16);
    c.writeUInt32BE(h, 20);
    return c;
  };
  return rng.weighted<() => { bytes: Buffer; what: string }>([
    [4, () => ({ bytes: rng.bytes(rng.pick([0, 1, 7, 64, 1024, 65_536])), what: 'random bytes' })],
    [2, () => ({ bytes: flip(validPng, rng.int(1, 8)), what: 'PNG with flipped bytes' })],
    [1, () => ({ bytes: validPng.subarray(0, rng.int(0, validPng.length - 1)), what: 'truncated PNG' })],
    [1, () => ({ bytes: ihdr(0, 0), what: 'PNG 0×0' })],
    [1, () => ({ bytes: ihdr(100_000, 100_000), what: 'PNG header claiming 100000×100000' })],
    [1, () => ({ bytes: ihdr(0x7fffffff, 0xffffffff), what: 'PNG header claiming 2^31×2^32' })],
    [1, () => ({ bytes: Buffer.concat([validPng.subarray(0, 8), rng.bytes(2048)]), what: 'PNG signature + garbage' })],
    [
      1,
      () => ({
        bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), rng.bytes(2048)]),
        what: 'JPEG magic + garbage',
      }),
    ],
    [1, () => ({ bytes: Buffer.concat([Buffer.from('GIF89a'), rng.bytes(512)]), what: 'GIF magic + garbage' })],
    [
      1,
      () => ({
        bytes: Buffer.concat([Buffer.from('RIFF\xff\xff\xff\xffWEBPVP8 ', 'latin1'), rng.bytes(512)]),
        what: 'WEBP magic + garbage',
      }),
    ],
    [
      1,
      () => ({
        bytes: Buffer.from(
          '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>' +
            '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><text>&xxe;</text><script>alert(1)</script></svg>',
        ),
        what: 'SVG with an external entity and script',
      }),
    ],
    [3, () => hostileSvg(rng)],
    [1, () => ({ bytes: Buffer.from('{"map":"not an image"}'), what: 'JSON' })],
    [1, () => ({ bytes: Buffer.from(validPng), what: 'valid PNG' })],
  ])();
}

/** SVG that is deep, wide, self-referential, oddly sized or oddly encoded. */
export function hostileSvg(rng: Rng): { bytes: Buffer; what: string } {
  const open = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">';
  const n = rng.pick([100, 1000, 10_000]);
  const size = () =>
    rng.pick(['0', '-1', 'NaN', '1e309', '100%', '1e-400', '99999999999', '', 'auto', '10px 10px', '\u0000']);
  const [text, what] = rng.pick<[string, string]>([
    [`${open}${'<g>'.repeat(n)}${'</g>'.repeat(n)}</svg>`, `SVG nested ${n} deep`],
    [`${open}${'<rect/>'.repeat(n * 5)}</svg>`, `SVG with ${n * 5} elements`],
    [
      `<svg xmlns="http://www.w3.org/2000/svg" ${Array.from({ length: n }, (_, i) => `a${i}="1"`).join(' ')}/>`,
      `SVG with ${n} attributes`,
    ],
    [
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
        '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><svg xmlns="http://www.w3.org/2000/svg">&lol3;</svg>',
      'SVG billion laughs',
    ],
    [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size()}" height="${size()}" viewBox="${size()} ${size()} ${size()} ${size()}"/>`,
      'SVG with odd sizes',
    ],
    ['<!-- <svg --><html/>', 'not SVG, but says <svg in a comment'],
    [
      '<svg:svg xmlns:svg="http://www.w3.org/2000/svg" width="1" height="1"><svg:script>1</svg:script></svg:svg>',
      'prefixed SVG',
    ],
    [
      `${open}<use href="#a"/><g id="a"><use href="#a"/></g><image href="http://169.254.169.254/"/><foreignObject><iframe/></foreignObject></svg>`,
      'SVG with self-use and external refs',
    ],
    [
      `${open}<style>@import url(http://evil.example/x.css);*{background:url(javascript:1)}</style></svg>`,
      'SVG with hostile CSS',
    ],
    [`${open}<![CDATA[${'x'.repeat(LONG)}]]><text>${'&amp;'.repeat(n)}</text></svg>`, 'SVG with CDATA and entities'],
    [`${open}<text>unclosed`, 'unclosed SVG'],
  ]);
  const bytes = rng.chance(0.1)
    ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
    : Buffer.from(text, 'utf8');
  return { bytes, what };
}
