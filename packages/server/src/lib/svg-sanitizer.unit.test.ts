import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { sampleFloorPlanSvg } from '../test-support/feature-internals.js';
import { ImageRefused, inspectImage } from './images.js';
import {
  checkTreeLimits,
  cleanStyle,
  sanitizeSvg,
  SVG_MAX_ATTRIBUTES,
  SVG_MAX_DEPTH,
  SVG_MAX_ELEMENTS,
  SVG_MAX_OTHER_NODES,
  SvgRefused,
} from './svg-sanitizer.js';
import { sanitizeSvgInWorker } from './svg-worker-pool.js';

const SVG = 'http://www.w3.org/2000/svg';
const XLINK = 'http://www.w3.org/1999/xlink';
const open = `<svg xmlns="${SVG}" xmlns:xlink="${XLINK}" width="100" height="100">`;
/** A hostile fragment inside a plain root. */
const inRoot = (body: string) => `${open}${body}<rect id="kept" width="1" height="1"/></svg>`;
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC';

/**
 * Hostile SVGs: each must come out without script, event handlers, external URLs (every
 * hostile URL points to evil.example) or anything that runs or loads, or be refused.
 */
const HOSTILE: Array<[string, string]> = [
  // Script in every form.
  ['script element', inRoot('<script>alert(1)</script>')],
  ['script with CDATA', inRoot('<script><![CDATA[alert(1)]]></script>')],
  ['script with type', inRoot('<script type="text/ecmascript">alert(1)</script>')],
  ['script under an SVG prefix', inRoot(`<s:script xmlns:s="${SVG}">alert(1)</s:script>`)],
  ['script in the XHTML namespace', inRoot('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>')],
  ['upper-case SCRIPT', inRoot('<SCRIPT>alert(1)</SCRIPT>')],
  ['external script', inRoot('<script xlink:href="https://evil.example/x.js"/>')],
  ['script inside an allowed group', inRoot('<g><g><script>alert(1)</script></g></g>')],
  ['script text escaped out of text', inRoot('<text>&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;</text>')],
  // Event handlers.
  ['onload on the root', `<svg xmlns="${SVG}" width="10" height="10" onload="alert(1)"><rect/></svg>`],
  ['ONLOAD on the root', `<svg xmlns="${SVG}" width="10" height="10" ONLOAD="alert(1)"><rect/></svg>`],
  ['onclick on a child', inRoot('<rect width="5" height="5" onclick="alert(1)"/>')],
  ['mixed-case handler on a child', inRoot('<circle r="3" OnMouseOver="alert(1)"/>')],
  ['handler on a nested svg', inRoot('<svg onload="alert(1)"><rect/></svg>')],
  ['handler in the SVG namespace', inRoot(`<rect xmlns:s="${SVG}" s:onclick="alert(1)"/>`)],
  ['handler on text', inRoot('<text onfocusin="alert(1)">Desk</text>')],
  [
    'XML Events handler',
    inRoot(
      '<handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">alert(1)</handler><rect xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="click"/>',
    ),
  ],
  // Script URLs in references.
  ['javascript: in an <a> href', inRoot('<a href="javascript:alert(1)"><text>x</text></a>')],
  ['javascript: in xlink:href', inRoot('<a xlink:href="javascript:alert(1)"><rect/></a>')],
  [
    'javascript: under another XLink prefix',
    inRoot(
      `<a xmlns:xl="${XLINK}" xl:href="javascript:alert(1)"><rect/></a><use xmlns:xl="${XLINK}" xl:href="javascript:alert(1)"/>`,
    ),
  ],
  ['javascript: in use href', inRoot('<use href="javascript:alert(1)"/>')],
  ['JaVaScRiPt with spaces', inRoot('<image href="  JaVaScRiPt:alert(1)" width="1" height="1"/>')],
  ['javascript: with a character reference', inRoot('<use href="&#x6A;ava&#x09;script:alert(1)"/>')],
  ['vbscript:', inRoot('<use xlink:href="vbscript:msgbox(1)"/>')],
  ['data:text/html', inRoot('<image href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="/>')],
  ['data:image/svg+xml', inRoot('<image href="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0Lz48L3N2Zz4="/>')],
  ['data: on use', inRoot(`<use href="data:image/png;base64,${PNG_1PX}"/>`)],
  ['image data with trailing markup', inRoot(`<image href="data:image/png;base64,${PNG_1PX}&quot;onload=&quot;x"/>`)],
  // HTML.
  [
    'foreignObject with HTML',
    inRoot(
      '<foreignObject width="100" height="100"><html xmlns="http://www.w3.org/1999/xhtml"><body><img src="https://evil.example/x.png" onerror="alert(1)"/><iframe src="https://evil.example"/></body></html></foreignObject>',
    ),
  ],
  ['HTML elements in SVG', inRoot('<iframe src="https://evil.example"/><embed src="https://evil.example/x.swf"/>')],
  // External references in every form.
  ['image href http', inRoot('<image href="http://evil.example/a.png" width="1" height="1"/>')],
  ['image xlink:href https', inRoot('<image xlink:href="https://evil.example/a.png" width="1" height="1"/>')],
  [
    'image under another XLink prefix',
    `<svg xmlns="${SVG}" xmlns:xl="${XLINK}" width="9" height="9"><image xl:href="https://evil.example/x.png"/><use xl:href="https://evil.example/s.svg#a"/></svg>`,
  ],
  ['protocol-relative', inRoot('<use xlink:href="//evil.example/s.svg#a"/>')],
  ['use href to another file', inRoot('<use href="https://evil.example/s.svg#x"/>')],
  ['relative file reference', inRoot('<use href="other.svg#x"/><image href="/uploads/secret.png"/>')],
  [
    'feImage',
    inRoot(
      '<filter id="f"><feImage href="https://evil.example/x.png"/><feImage xlink:href="https://evil.example/y.png"/></filter>',
    ),
  ],
  ['link', inRoot('<a href="https://evil.example/"><rect width="9" height="9"/></a>')],
  [
    'gradient from another file',
    inRoot(
      '<linearGradient id="g" href="https://evil.example/g.svg#g"/><pattern xlink:href="https://evil.example/p.svg#p"/>',
    ),
  ],
  ['textPath to another file', inRoot('<text><textPath href="https://evil.example/p.svg#p">x</textPath></text>')],
  [
    'xlink attributes in a foreign-bound xlink prefix',
    `<svg xmlns="${SVG}" xmlns:xlink="https://evil.example/ns" width="9" height="9"><use xlink:href="#a"/><image xlink:href="https://evil.example/x.png"/></svg>`,
  ],
  ['xml:base', inRoot('<g xml:base="https://evil.example/"><use href="#x"/></g>')],
  ['style url()', inRoot('<rect style="fill: url(https://evil.example/track)"/>')],
  ['style url() quoted', inRoot(`<rect style="fill:url('https://evil.example/track')"/>`)],
  ['style url() protocol-relative', inRoot('<rect style="fill:url(//evil.example/track)"/>')],
  ['style CSS escape in url', inRoot('<rect style="fill: u\\72l(https://evil.example/track)"/>')],
  ['style CSS escape at the start', inRoot('<rect style="fill: \\75rl(https://evil.example/track)"/>')],
  ['style CSS escape in the property', inRoot('<rect style="f\\69ll: url(https://evil.example/track)"/>')],
  ['style comment splitting url', inRoot('<rect style="fill: ur/**/l(https://evil.example/track)"/>')],
  [
    'style on the root',
    `<svg xmlns="${SVG}" width="9" height="9" style="background-image:url(https://evil.example/bg.png);fill:red"><rect/></svg>`,
  ],
  ['style @import', inRoot(`<rect style="fill:red;@import 'https://evil.example/x.css'"/>`)],
  ['style expression()', inRoot('<rect style="width: expression(alert(1))"/>')],
  [
    'style behavior / -moz-binding',
    inRoot('<rect style="behavior:url(https://evil.example/x.htc);-moz-binding:url(https://evil.example/x.xml#x)"/>'),
  ],
  [
    'style image-set and src()',
    inRoot(`<rect style="mask: image-set('https://evil.example/m.png' 1x); fill: src('https://evil.example/f')"/>`),
  ],
  ['style marker from another file', inRoot('<path d="M0 0" style="marker-end:url(https://evil.example/m.svg#m)"/>')],
  ['style javascript:', inRoot('<rect style="fill: javascript:alert(1)"/>')],
  ['fill="url(https://…)"', inRoot('<rect fill="url(https://evil.example/p.svg#x)"/>')],
  [
    'filter / clip-path / mask attributes',
    inRoot(
      `<rect filter="url(https://evil.example/f.svg#f)" clip-path="url(//evil.example/c#c)" mask="url( 'https://evil.example/m#m' )"/>`,
    ),
  ],
  ['marker attribute', inRoot('<path d="M0 0" marker-start="url(https://evil.example/m#m)"/>')],
  ['cursor attribute', inRoot('<rect cursor="url(https://evil.example/c.cur), auto"/>')],
  ['CSS escape in a presentation attribute', inRoot('<rect fill="u\\72l(https://evil.example/x)"/>')],
  ['image-set in a presentation attribute', inRoot(`<rect mask="image-set('https://evil.example/m.png' 1x)"/>`)],
  // Style sheets.
  [
    'style element',
    inRoot('<style>@import url(https://evil.example/x.css); rect { fill: url(https://evil.example/p) }</style>'),
  ],
  ['style element with CDATA', inRoot('<style><![CDATA[rect { background: url(https://evil.example/p) }]]></style>')],
  ['style under an SVG prefix', inRoot(`<s:style xmlns:s="${SVG}">@import "https://evil.example/x.css";</s:style>`)],
  ['xml-stylesheet processing instruction', `<?xml-stylesheet href="https://evil.example/x.css"?>${inRoot('')}`],
  // Animation that sets references or handlers.
  ['set href', inRoot('<a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a>')],
  [
    'animate href on use',
    inRoot('<use href="#kept"><animate attributeName="href" values="https://evil.example/x.svg#a"/></use>'),
  ],
  ['set xlink:href', inRoot('<image><set attributeName="xlink:href" to="https://evil.example/x.png"/></image>')],
  ['animate an event handler', inRoot('<rect><set attributeName="onclick" to="alert(1)"/></rect>')],
  [
    'animateTransform / animateMotion',
    inRoot('<rect><animateMotion><mpath href="https://evil.example/p#p"/></animateMotion></rect>'),
  ],
  // Metadata and other namespaces.
  [
    'foreign elements and attributes',
    inRoot(
      '<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="https://evil.example/"/></rdf:RDF></metadata><x:rect xmlns:x="https://evil.example/ns" x:href="https://evil.example"/>',
    ),
  ],
];

/** Entity declarations: refused outright, never expanded. */
const ENTITIES: Array<[string, string]> = [
  [
    'billion laughs',
    `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>${inRoot('<text>&lol3;</text>')}`,
  ],
  [
    'external entity (XXE)',
    `<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${inRoot('<text>&xxe;</text>')}`,
  ],
  ['parameter entity', `<!DOCTYPE svg [<!ENTITY % p SYSTEM "https://evil.example/x.dtd"> %p;]>${inRoot('')}`],
  ['entity on an entity-less root', '<svg><!ENTITY x "boom"></svg>'],
];

const ALLOWED = new Set(
  (
    'svg g defs symbol use switch title desc path rect circle ellipse line polyline polygon text tspan textPath ' +
    'image linearGradient radialGradient stop clipPath mask pattern marker filter feGaussianBlur feOffset feBlend ' +
    'feFlood feComposite feMerge feMergeNode feColorMatrix feDropShadow'
  ).split(' '),
);

/** Checks sanitised markup by parsing it again: nothing that runs or loads may be left. */
function expectInert(markup: string): void {
  for (const bad of ['evil.example', '<script', 'foreignObject', '<style', '<!ENTITY', '<!DOCTYPE', '<?', 'xml:base'])
    expect(markup).not.toContain(bad);
  const doc = new DOMParser({
    onError: (level, msg) => {
      throw new Error(`output is not well-formed (${level}): ${msg}`);
    },
  }).parseFromString(markup, 'image/svg+xml');
  const stack: Element[] = [doc.documentElement!];
  while (stack.length > 0) {
    const el = stack.pop()!;
    expect(el.namespaceURI).toBe(SVG);
    expect(ALLOWED.has(el.localName!), el.localName!).toBe(true);
    for (let i = 0; i < el.attributes.length; i++) {
      const a = el.attributes.item(i)!;
      const where = `<${el.localName} ${a.name}="${a.value}">`;
      expect(a.name, where).not.toMatch(/^on/i);
      if (a.namespaceURI === 'http://www.w3.org/2000/xmlns/') {
        expect([SVG, XLINK], where).toContain(a.value);
        continue;
      }
      expect([null, XLINK, 'http://www.w3.org/XML/1998/namespace'], where).toContain(a.namespaceURI);
      if (a.localName === 'href') {
        const ok =
          /^#/.test(a.value) ||
          (el.localName === 'image' && /^data:image\/(png|jpeg|gif|webp);base64,[\w+/=\s]*$/i.test(a.value));
        expect(ok, where).toBe(true);
      } else {
        expect(a.value, where).not.toMatch(/\\|\/\/|javascript:|vbscript:|data:|expression\(|@import|url\((?!#)/i);
      }
    }
    for (let c = el.firstChild; c; c = c.nextSibling) {
      expect([1, 3], `node type ${c.nodeType} in <${el.localName}>`).toContain(c.nodeType);
      if (c.nodeType === 1) stack.push(c as Element);
    }
  }
}

describe('SVG sanitiser: hostile corpus', () => {
  it.each(HOSTILE)('%s: comes out inert', (_name, svg) => {
    const out = sanitizeSvg(svg);
    if (out === null) return; // not taken as an SVG at all
    expectInert(out.markup);
  });

  it('keeps the harmless rest of a hostile file', () => {
    const out = sanitizeSvg(
      inRoot('<script>alert(1)</script><rect width="5" height="5" onclick="alert(1)" fill="red"/>'),
    )!;
    expect(out.markup).toContain('<rect width="5" height="5" fill="red"/>');
    expect(out.markup).toContain('<rect id="kept" width="1" height="1"/>');
  });

  it('answers external references in presentation values by dropping just that value', () => {
    const out = sanitizeSvg(
      inRoot(
        '<rect fill="url(https://evil.example/p)" stroke="url(#local)" style="fill: url(https://evil.example/x); stroke-width: 2"/>',
      ),
    )!;
    expect(out.markup).toContain('<rect stroke="url(#local)" style="stroke-width:2"/>');
  });

  it.each(ENTITIES)('%s: refused without expanding', (_name, svg) => {
    expect(() => sanitizeSvg(svg)).toThrow(SvgRefused);
    expect(() => sanitizeSvg(svg)).toThrow(/entities/);
  });

  it('takes the XLink namespace under any prefix, and nothing else as XLink', () => {
    const out = sanitizeSvg(
      `<svg xmlns="${SVG}" xmlns:xl="${XLINK}" xmlns:xlink="https://evil.example/ns" width="9" height="9"><use xl:href="#a"/><use xlink:href="#b"/></svg>`,
    )!;
    expect(out.markup).toContain('<use xlink:href="#a"/>');
    expect(out.markup).toContain('<use/>');
    expectInert(out.markup);
  });
});

describe('SVG sanitiser: inline styles', () => {
  it.each([
    ['fill:#f00;stroke:#000;stroke-width:0.26', 'fill:#f00;stroke:#000;stroke-width:0.26'],
    ["font-family:'DejaVu Sans', sans-serif; font-size: 12px", "font-family:'DejaVu Sans', sans-serif;font-size:12px"],
    ['fill:url(#grad);-inkscape-font-specification:Sans;opacity:.5', 'fill:url(#grad);opacity:.5'],
    ['fill: rgb(10, 20, 30); transform: rotate(45deg)', 'fill:rgb(10, 20, 30);transform:rotate(45deg)'],
    ['FILL: red', 'fill:red'],
    ['fill: u\\72l(https://evil.example)', ''],
    ['fill: var(--x); stroke: attr(href)', ''],
    ['background: red; position: fixed', ''],
    ['fill: red; }rect{fill:url(https://evil.example)', 'fill:red'],
    ['fill: (red)', ''],
    ['transform: rotate (45deg) scale(2)', 'transform:rotate (45deg) scale(2)'],
    ['transform: rotate(45deg) evil(2)', ''],
  ])('%s → %s', (style, kept) => {
    expect(cleanStyle(style)).toBe(kept);
  });

  // Each of these took time growing with the square of its length (a megabyte: a quarter of an
  // hour of a core); read in one pass they finish well inside the test's time limit.
  it.each([
    ['one long word', 'fill:' + 'a'.repeat(1_000_000), 'fill:' + 'a'.repeat(1_000_000)],
    ['a long run of spaces before a parenthesis', 'fill:a' + ' '.repeat(1_000_000) + '(', ''],
    ['many functions in a row', 'transform:' + 'scale(1)'.repeat(100_000), 'transform:' + 'scale(1)'.repeat(100_000)],
  ])('reads a style of a megabyte in one pass: %s', (_, style, kept) => {
    expect(cleanStyle(style)).toBe(kept);
  });
});

describe('SVG sanitiser: real floor plans survive', () => {
  it('keeps an Inkscape plan: size in mm, groups, paths, text, gradients, local references, an embedded PNG', () => {
    const svg = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->
<svg width="210mm" height="297mm" viewBox="0 0 210 297" version="1.1" id="svg1"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns:xlink="http://www.w3.org/1999/xlink" xmlns="http://www.w3.org/2000/svg">
  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" inkscape:zoom="0.7"/>
  <defs id="defs1">
    <linearGradient id="lg1" inkscape:collect="always"><stop style="stop-color:#ff0000;stop-opacity:1" offset="0"/><stop offset="1" stop-color="#00f"/></linearGradient>
    <linearGradient xlink:href="#lg1" id="lg2" x1="0" y1="0" x2="10" y2="10" gradientUnits="userSpaceOnUse"/>
    <symbol id="desk"><rect width="16" height="8" rx="1"/></symbol>
    <clipPath id="clip"><rect width="210" height="297"/></clipPath>
  </defs>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1" transform="translate(-10,5)" clip-path="url(#clip)">
    <path style="fill:none;stroke:#000000;stroke-width:0.264583px;stroke-linecap:butt" d="M 20,20 H 190 V 277 H 20 Z" id="wall"/>
    <rect style="fill:url(#lg2);fill-opacity:0.5" width="40" height="30" x="30" y="40" id="room"/>
    <use xlink:href="#desk" x="50" y="60"/>
    <use href="#desk" x="80" y="60"/>
    <text xml:space="preserve" style="font-size:4.2px;font-family:sans-serif;text-anchor:middle" x="50" y="35"><tspan sodipodi:role="line" x="50" y="35">Meeting room 1 &amp; 2</tspan></text>
    <image width="20" height="20" x="150" y="250" preserveAspectRatio="none" xlink:href="data:image/png;base64,
${PNG_1PX}"/>
  </g>
</svg>`;
    const out = sanitizeSvg(svg)!;
    expect(out).toMatchObject({ width: 794, height: 1123 });
    expectInert(out.markup);
    for (const kept of [
      'viewBox="0 0 210 297"',
      'd="M 20,20 H 190 V 277 H 20 Z"',
      'style="fill:none;stroke:#000000;stroke-width:0.264583px;stroke-linecap:butt"',
      '<linearGradient xlink:href="#lg1" id="lg2"',
      'style="fill:url(#lg2);fill-opacity:0.5"',
      'clip-path="url(#clip)"',
      '<use xlink:href="#desk" x="50" y="60"/>',
      '<use href="#desk" x="80" y="60"/>',
      'xml:space="preserve"',
      'Meeting room 1 &amp; 2',
      // The line break in the value is white space after parsing.
      `xlink:href="data:image/png;base64, ${PNG_1PX}"`,
      '<symbol id="desk">',
    ])
      expect(out.markup).toContain(kept);
    expect(out.markup).not.toMatch(/inkscape|sodipodi/);
  });

  it('keeps an Illustrator plan with a DOCTYPE, a switch and a viewBox only', () => {
    const svg = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg version="1.1" id="Layer_1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" x="0px" y="0px"
	 viewBox="0 0 800 600" enable-background="new 0 0 800 600" xml:space="preserve">
<switch><g><polygon fill="#E6E6E6" points="10,10 790,10 790,590 10,590"/><polyline fill="none" stroke="#000" points="10,300 400,300"/>
<text transform="matrix(1 0 0 1 100 100)" font-family="'ArialMT'" font-size="12">Desk 1</text></g></switch>
</svg>`;
    const out = sanitizeSvg(svg)!;
    expect(out).toMatchObject({ width: 800, height: 600 });
    expectInert(out.markup);
    expect(out.markup).toContain('<polygon fill="#E6E6E6" points="10,10 790,10 790,590 10,590"/>');
    expect(out.markup).toContain(
      '<text transform="matrix(1 0 0 1 100 100)" font-family="\'ArialMT\'" font-size="12">Desk 1</text>',
    );
  });

  it('keeps the sample floor plan element for element', () => {
    const svg = sampleFloorPlanSvg();
    const out = sanitizeSvg(svg)!;
    expectInert(out.markup);
    const tags = (s: string) => s.match(/<[a-z]+/g)!.join(' ');
    expect(tags(out.markup)).toBe(tags(svg));
    expect(out.markup).toContain(
      '<path d="M1040 40 V420 H1260 M1340 420 H1560" fill="none" stroke="#343a40" stroke-width="8"/>',
    );
  });

  it('takes an SVG whose elements carry a prefix, and writes it without', () => {
    const out = sanitizeSvg(`<s:svg xmlns:s="${SVG}" width="10" height="5"><s:rect width="1" height="1"/></s:svg>`)!;
    expect(out).toMatchObject({ width: 10, height: 5 });
    expect(out.markup).toBe(
      `<svg xmlns="${SVG}" xmlns:xlink="${XLINK}" width="10" height="5"><rect width="1" height="1"/></svg>`,
    );
  });

  it('answers null for what is not an SVG and refuses an SVG without a size or malformed markup', () => {
    expect(sanitizeSvg('just some text')).toBeNull();
    expect(sanitizeSvg('<html><body><svg></svg></body></html>')).toBeNull();
    expect(sanitizeSvg('<svg xmlns="http://www.w3.org/1999/xhtml" width="1" height="1"/>')).toBeNull();
    expect(() => sanitizeSvg(`<svg xmlns="${SVG}"><rect/></svg>`)).toThrow(/width and height or a viewBox/);
    expect(() => sanitizeSvg(`<svg xmlns="${SVG}" width="1" height="1"><g></svg>`)).toThrow(/not a well-formed SVG/);
  });
});

describe('SVG sanitiser: limits', () => {
  const flat = (n: number) => `<svg xmlns="${SVG}" width="1" height="1">${'<rect/>'.repeat(n - 1)}</svg>`;
  const nested = (levels: number) =>
    `<svg xmlns="${SVG}" width="1" height="1">${'<g>'.repeat(levels - 1)}${'</g>'.repeat(levels - 1)}</svg>`;

  it(`takes ${SVG_MAX_ELEMENTS} elements and refuses one more, naming the limit`, () => {
    expect(sanitizeSvg(flat(SVG_MAX_ELEMENTS))).not.toBeNull();
    expect(() => sanitizeSvg(flat(SVG_MAX_ELEMENTS + 1))).toThrow(
      `The floor plan has more than ${SVG_MAX_ELEMENTS.toLocaleString('en')} elements`,
    );
  });

  it(`takes nesting ${SVG_MAX_DEPTH} levels deep and refuses one more, naming the limit`, () => {
    expect(sanitizeSvg(nested(SVG_MAX_DEPTH))!.markup).toContain('<g/>');
    expect(() => sanitizeSvg(nested(SVG_MAX_DEPTH + 1))).toThrow(
      `The floor plan nests elements deeper than ${SVG_MAX_DEPTH} levels`,
    );
    expect(() => sanitizeSvg(nested(20_000))).toThrow(SvgRefused);
    // A leaf counts as a level too.
    const leaf = (levels: number) =>
      `<svg xmlns="${SVG}" width="1" height="1">${'<g>'.repeat(levels - 2)}<rect/>${'</g>'.repeat(levels - 2)}</svg>`;
    expect(sanitizeSvg(leaf(SVG_MAX_DEPTH))).not.toBeNull();
    expect(() => sanitizeSvg(leaf(SVG_MAX_DEPTH + 1))).toThrow(/deeper than/);
  });

  it('counts only real elements: not those in comments, CDATA, the DOCTYPE or attribute values', () => {
    const noise = `<!-- ${'<g>'.repeat(SVG_MAX_DEPTH + 1)} --><![CDATA[${'<rect/>'.repeat(10)}]]>`;
    const svg = `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg xmlns="${SVG}" width="1" height="1"><text><title>a > b</title></text><g id="x>y" class='a/>'>${noise}</g></svg>`;
    const out = sanitizeSvg(svg)!;
    expect(out.markup).toContain('<g id="x&gt;y" class="a/&gt;">');
  });
});

describe('SVG sanitiser: more limits', () => {
  it(`refuses an element with more than ${SVG_MAX_ATTRIBUTES} attributes`, () => {
    const attrs = (n: number) => Array.from({ length: n }, (_, i) => `a${i}="1"`).join(' ');
    expect(
      sanitizeSvg(`<svg xmlns="${SVG}" width="1" height="1"><rect ${attrs(SVG_MAX_ATTRIBUTES)}/></svg>`),
    ).not.toBeNull();
    expect(() =>
      sanitizeSvg(`<svg xmlns="${SVG}" width="1" height="1"><rect ${attrs(SVG_MAX_ATTRIBUTES + 1)}/></svg>`),
    ).toThrow(`An element of the floor plan has more than ${SVG_MAX_ATTRIBUTES.toLocaleString('en')} attributes`);
  });

  it(`refuses more than ${SVG_MAX_OTHER_NODES} comments, processing instructions and CDATA sections`, () => {
    const svg = (n: number) => `<svg xmlns="${SVG}" width="1" height="1">${'<!---->'.repeat(n)}</svg>`;
    expect(sanitizeSvg(svg(SVG_MAX_OTHER_NODES))).not.toBeNull();
    expect(() => sanitizeSvg(svg(SVG_MAX_OTHER_NODES + 1))).toThrow(/more than 100,000 comments/);
    expect(() =>
      sanitizeSvg(`<svg xmlns="${SVG}" width="1" height="1">${'<?a?>'.repeat(SVG_MAX_OTHER_NODES + 1)}</svg>`),
    ).toThrow(/more than 100,000 comments/);
  });

  it('refuses a DTD of its own but takes a DOCTYPE naming the public SVG DTD', () => {
    expect(() => sanitizeSvg(`<!DOCTYPE svg [<!ATTLIST rect onclick CDATA "alert(1)">]>${open}</svg>`)).toThrow(
      /declares a DTD/,
    );
    expect(() => sanitizeSvg(`<!DOCTYPE svg [<!-- ' -->]>${open}</svg>`)).toThrow(/declares a DTD/);
    const out = sanitizeSvg(
      `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">${open}</svg>`,
    )!;
    expect(out.markup).not.toContain('DOCTYPE');
  });

  it('cannot be led to count fewer elements than the parser builds', () => {
    const hidden = '<rect/>'.repeat(SVG_MAX_ELEMENTS) + '<g>'.repeat(SVG_MAX_DEPTH) + '</g>'.repeat(SVG_MAX_DEPTH);
    for (const svg of [
      `${open}<rect a="x/>${hidden}</svg>`,
      `${open}<rect a="x'/>${hidden}<rect b='y"/></svg>`,
      `${open}<rect a=x/>${hidden}</svg>`,
      `${open}<!-- ${hidden}</svg>`,
      `${open}<?pi ${hidden}</svg>`,
      `${open}<![CDATA[ ${hidden}</svg>`,
      `<!DOCTYPE svg SYSTEM "a>b">${open}${hidden}</svg>`,
      `${open}<!FOO ${hidden}</svg>`,
      `${open}<rect a="<!--"/>${hidden}<rect b="-->"/></svg>`,
      `${open}<rect a="<![CDATA["/>${hidden}<rect b="]]>"/></svg>`,
    ])
      expect(() => sanitizeSvg(svg)).toThrow(SvgRefused);
  });

  it('checks the parsed tree as well', () => {
    const parse = (body: string) =>
      new DOMParser().parseFromString(`${open}${body}</svg>`, 'image/svg+xml').documentElement!;
    expect(() =>
      checkTreeLimits(parse('<g>'.repeat(SVG_MAX_DEPTH - 1) + '</g>'.repeat(SVG_MAX_DEPTH - 1))),
    ).not.toThrow();
    expect(() => checkTreeLimits(parse('<g>'.repeat(SVG_MAX_DEPTH) + '</g>'.repeat(SVG_MAX_DEPTH)))).toThrow(
      /deeper than/,
    );
    expect(() => checkTreeLimits(parse('<rect/>'.repeat(SVG_MAX_ELEMENTS)))).toThrow(/more than 100,000 elements/);
  });
});

describe('SVG sanitiser: worker thread', () => {
  it('sanitises in a worker and hands back the markup as UTF-8', async () => {
    const res = await sanitizeSvgInWorker(Buffer.from(inRoot('<script>alert(1)</script><text>Büro</text>')));
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res).toMatchObject({ width: 100, height: 100 });
    expect(res.data.toString('utf8')).toContain('<text>Büro</text>');
    expectInert(res.data.toString('utf8'));
  });

  it('answers refusals with their message and non-SVG with null', async () => {
    expect(await sanitizeSvgInWorker(Buffer.from('hello'))).toEqual({ ok: false, message: null });
    const deep = `<svg xmlns="${SVG}" width="1" height="1">${'<g>'.repeat(20_000)}${'</g>'.repeat(20_000)}</svg>`;
    expect(await sanitizeSvgInWorker(Buffer.from(deep))).toEqual({
      ok: false,
      message: `The floor plan nests elements deeper than ${SVG_MAX_DEPTH} levels`,
    });
  });

  it('runs several uploads at once, each getting its own answer', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => sanitizeSvgInWorker(Buffer.from(`<svg xmlns="${SVG}" width="${n}" height="1"/>`))),
    );
    expect(results.map((r) => (r.ok ? r.width : 0))).toEqual([1, 2, 3, 4]);
  });

  it('inspectImage: raster images without a worker, SVG refusals as ImageRefused', async () => {
    const gif = Buffer.from('GIF89a\x20\x00\x10\x00\x00\x00\x00', 'latin1');
    expect(await inspectImage(gif)).toMatchObject({ mimeType: 'image/gif', width: 32, height: 16 });
    expect(await inspectImage(Buffer.from('plain text'))).toBeNull();
    await expect(inspectImage(Buffer.from(ENTITIES[0]![1]))).rejects.toThrow(ImageRefused);
    expect(await inspectImage(Buffer.from(inRoot('')))).toMatchObject({ mimeType: 'image/svg+xml', width: 100 });
  });
});
