import { FLOOR_PLAN_SVG_LIMITS, svgPlanSize } from '@perch/contract/values';
import { DOMParser, type Attr, type Element, type Node } from '@xmldom/xmldom';

/**
 * Keeps only drawing elements and presentation attributes of an SVG, so an uploaded floor
 * plan (an image every user of the organisation views) cannot carry script or reach out of
 * the document: no <script>, no event handlers, no links, no references outside the document
 * (except embedded raster images), no <foreignObject>, no style sheets, no animation, and
 * inline styles only with presentation properties. The output is written afresh from the
 * parsed tree: SVG elements without prefix, attributes without namespace, plus xlink:href,
 * xml:space and xml:lang.
 *
 * The work is bounded before the tree is built: at most SVG_MAX_ELEMENTS elements, nested at
 * most SVG_MAX_DEPTH levels, SVG_MAX_ATTRIBUTES attributes per element, SVG_MAX_OTHER_NODES
 * comments and the like, no entity declarations and no DTD of its own (nothing is expanded).
 * Every walk over the tree is iterative, so deep nesting cannot overflow the stack. Uploads
 * run this in a worker thread (see svg-worker-pool.ts), never on the event loop.
 */

/** Most elements an SVG floor plan may have (detailed CAD exports of a storey stay well below). */
export const SVG_MAX_ELEMENTS = FLOOR_PLAN_SVG_LIMITS.maxElements;
/** Deepest nesting of elements, the root being level 1 (drawing programs rarely exceed 30). */
export const SVG_MAX_DEPTH = FLOOR_PLAN_SVG_LIMITS.maxDepth;
/** Most attributes on one element (drawing programs write a few dozen at most). */
export const SVG_MAX_ATTRIBUTES = FLOOR_PLAN_SVG_LIMITS.maxAttributes;
/** Most comments, processing instructions and CDATA sections together. */
export const SVG_MAX_OTHER_NODES = FLOOR_PLAN_SVG_LIMITS.maxOtherNodes;

/** A refusal with a message for the person uploading the file. */
export class SvgRefused extends Error {}

export interface SanitizedSvg {
  markup: string;
  width: number;
  height: number;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

const ALLOWED_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'switch',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'image',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'filter',
  'feGaussianBlur',
  'feOffset',
  'feBlend',
  'feFlood',
  'feComposite',
  'feMerge',
  'feMergeNode',
  'feColorMatrix',
  'feDropShadow',
]);

/** Properties an inline style may set: SVG presentation properties and a few text properties. */
const CSS_PROPERTIES = new Set([
  'alignment-baseline',
  'baseline-shift',
  'clip-path',
  'clip-rule',
  'color',
  'color-interpolation',
  'color-interpolation-filters',
  'color-rendering',
  'direction',
  'display',
  'dominant-baseline',
  'fill',
  'fill-opacity',
  'fill-rule',
  'filter',
  'flood-color',
  'flood-opacity',
  'font',
  'font-family',
  'font-feature-settings',
  'font-kerning',
  'font-size',
  'font-size-adjust',
  'font-stretch',
  'font-style',
  'font-variant',
  'font-variant-caps',
  'font-variant-ligatures',
  'font-variant-numeric',
  'font-weight',
  'image-rendering',
  'isolation',
  'letter-spacing',
  'lighting-color',
  'line-height',
  'marker',
  'marker-end',
  'marker-mid',
  'marker-start',
  'mask',
  'mix-blend-mode',
  'opacity',
  'overflow',
  'paint-order',
  'pointer-events',
  'shape-rendering',
  'stop-color',
  'stop-opacity',
  'stroke',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-opacity',
  'stroke-width',
  'text-align',
  'text-anchor',
  'text-decoration',
  'text-rendering',
  'transform',
  'transform-box',
  'transform-origin',
  'unicode-bidi',
  'vector-effect',
  'visibility',
  'white-space',
  'word-spacing',
  'writing-mode',
]);

/** CSS functions a value may use; url() only as a reference inside the document. */
const CSS_FUNCTIONS = new Set([
  'url',
  'rgb',
  'rgba',
  'hsl',
  'hsla',
  'matrix',
  'translate',
  'translatex',
  'translatey',
  'scale',
  'scalex',
  'scaley',
  'rotate',
  'skewx',
  'skewy',
]);

const LOCAL_URL = /url\(\s*(["']?)#[\w.:-]*\1\s*\)/gi;
/** Anything that could load, run or smuggle something: escapes, schemes, comments, other url forms. */
const UNSAFE_VALUE =
  /\\|\/\/|\/\*|(?:java|vb|live)script\s*:|data\s*:|expression\s*\(|(?:src|image|image-set|cross-fade|element|paint)\s*\(/i;

/**
 * A presentation value that cannot load or run anything. `css` (declarations of a style)
 * also refuses at-rules, blocks and markup, and functions other than CSS_FUNCTIONS.
 */
function safeValue(value: string, css: boolean): boolean {
  if (UNSAFE_VALUE.test(value) || (css && /[@{}<>]/.test(value))) return false;
  const rest = value.replace(LOCAL_URL, '');
  if (/url\s*\(/i.test(rest)) return false;
  if (css) for (const name of functionNames(rest)) if (!CSS_FUNCTIONS.has(name.toLowerCase())) return false;
  return true;
}

const isNameChar = (c: string) => /[\w-]/.test(c);

/**
 * The name before each `(` of a CSS value (empty for a bare parenthesis), read backwards from
 * the parenthesis: time linear in the value's length, also for one long word with no `(` (a
 * pattern that searched forwards for the name would retry from every letter of such a word).
 */
function* functionNames(value: string): Generator<string> {
  for (let open = value.indexOf('('); open !== -1; open = value.indexOf('(', open + 1)) {
    let end = open;
    while (end > 0 && /\s/.test(value[end - 1]!)) end--;
    let start = end;
    while (start > 0 && isNameChar(value[start - 1]!)) start--;
    yield value.slice(start, end);
  }
}

/** Keeps the declarations of an inline style that set a presentation property to a safe value. */
export function cleanStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const m = /^\s*([a-zA-Z-]+)\s*:([^]*)$/.exec(declaration);
    if (!m) continue;
    const property = m[1]!.toLowerCase();
    const value = m[2]!.trim();
    if (value && CSS_PROPERTIES.has(property) && safeValue(value, true)) kept.push(`${property}:${value}`);
  }
  return kept.join(';');
}

/** A reference inside the document, or for <image> an embedded raster image. */
function safeReference(element: string, value: string): boolean {
  const v = value.trim();
  if (/^#[^\s"'<>\\]*$/.test(v)) return true;
  return element === 'image' && /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/i.test(v);
}

const ATTRIBUTE_NAME = /^[A-Za-z_][\w.-]*$/;

const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeChar = (c: string) => ENTITY[c] ?? `&#${c.charCodeAt(0)};`;
const escapeAttribute = (value: string) => value.replace(/[&<>"\t\n\r]/g, escapeChar);
const escapeText = (value: string) => value.replace(/[&<>]/g, escapeChar);

/**
 * The attributes of an allowed element as they are written out: no-namespace attributes other
 * than event handlers (href checked, style cleaned, values free of anything that could load or
 * run), XLink href checked like href, xml:space and xml:lang. Everything else goes, including
 * namespace declarations (the output declares its own).
 */
function cleanAttributes(el: Element): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const element = el.localName ?? '';
  const attrs = el.attributes;
  for (let i = 0; i < attrs.length; i++) {
    const attr = attrs.item(i) as Attr;
    const ns = attr.namespaceURI;
    const local = attr.localName ?? attr.name;
    const value = attr.value;
    if (ns === XLINK_NS) {
      if (local === 'href' && safeReference(element, value)) out.push(['xlink:href', value.trim()]);
    } else if (ns === XML_NS) {
      if ((local === 'space' || local === 'lang') && safeValue(value, false)) out.push([`xml:${local}`, value]);
    } else if (!ns && ATTRIBUTE_NAME.test(attr.name) && !/^on/i.test(attr.name)) {
      if (attr.name === 'href') {
        if (safeReference(element, value)) out.push(['href', value.trim()]);
      } else if (attr.name === 'style') {
        const style = cleanStyle(value);
        if (style) out.push(['style', style]);
      } else if (safeValue(value, false)) {
        out.push([attr.name, value]);
      }
    }
  }
  return out;
}

function isAllowed(el: Element): boolean {
  return ALLOWED_ELEMENTS.has(el.localName ?? '') && (!el.namespaceURI || el.namespaceURI === SVG_NS);
}

const fmt = (n: number) => n.toLocaleString('en');
const MALFORMED = 'The floor plan is not a well-formed SVG file';
const tooManyElements = () => new SvgRefused(`The floor plan has more than ${fmt(SVG_MAX_ELEMENTS)} elements`);
const tooDeep = () => new SvgRefused(`The floor plan nests elements deeper than ${SVG_MAX_DEPTH} levels`);
const tooManyAttributes = () =>
  new SvgRefused(`An element of the floor plan has more than ${fmt(SVG_MAX_ATTRIBUTES)} attributes`);
const tooManyOthers = () =>
  new SvgRefused(
    `The floor plan has more than ${fmt(SVG_MAX_OTHER_NODES)} comments, processing instructions and CDATA sections`,
  );

/**
 * Counts the elements, their nesting and attributes and the other nodes in the markup,
 * without building a tree, and refuses an SVG over the limits or with a DTD of its own.
 * Comments, CDATA sections and processing instructions end where XML ends them, so the
 * parser cannot see more than is counted here; malformed markup is left to the parser.
 */
export function checkSvgLimits(text: string): void {
  let elements = 0;
  let others = 0;
  let depth = 0;
  let i = 0;
  const tagPart = /["'=>]/g;
  const skip = (close: string, from: number) => {
    if (++others > SVG_MAX_OTHER_NODES) throw tooManyOthers();
    const j = text.indexOf(close, from);
    return j < 0 ? text.length : j + close.length;
  };
  while ((i = text.indexOf('<', i)) !== -1) {
    const next = text[i + 1];
    if (text.startsWith('<!--', i)) i = skip('-->', i + 4);
    else if (text.startsWith('<![CDATA[', i)) i = skip(']]>', i + 9);
    else if (next === '?') i = skip('?>', i + 2);
    else if (text.startsWith('<!DOCTYPE', i)) {
      // No internal subset: its declarations (entities, attribute defaults) would change the document.
      const j = text.indexOf('>', i);
      if (text.slice(i, j < 0 ? text.length : j).includes('['))
        throw new SvgRefused('The floor plan declares a DTD (<!DOCTYPE … [ … ]>); export the SVG without it');
      i = j < 0 ? text.length : j + 1;
    } else if (next === '!') i = skip('>', i + 2);
    else if (next === '/') {
      depth--;
      const j = text.indexOf('>', i + 2);
      i = j < 0 ? text.length : j + 1;
    } else {
      // A start tag: find its end, stepping over quoted attribute values and counting attributes.
      let quote = '';
      let attributes = 0;
      let end = text.length;
      tagPart.lastIndex = i + 1;
      for (let m = tagPart.exec(text); m; m = tagPart.exec(text)) {
        const c = m[0];
        if (quote) {
          if (c === quote) quote = '';
        } else if (c === '>') {
          end = m.index;
          break;
        } else if (c === '=') {
          if (++attributes > SVG_MAX_ATTRIBUTES) throw tooManyAttributes();
        } else quote = c;
      }
      if (end === text.length) throw new SvgRefused(MALFORMED);
      if (++elements > SVG_MAX_ELEMENTS) throw tooManyElements();
      if (depth + 1 > SVG_MAX_DEPTH) throw tooDeep();
      if (text[end - 1] !== '/') depth++;
      i = end + 1;
    }
  }
}

/**
 * The same limits over the parsed tree, exactly as it will be walked (the markup check above
 * refuses early and cheaply; this one holds whatever the parser made of malformed markup).
 */
export function checkTreeLimits(root: Element): void {
  let elements = 0;
  let others = 0;
  const stack: Array<[Node, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node.nodeType !== 1) {
      if (node.nodeType !== 3 && ++others > SVG_MAX_OTHER_NODES) throw tooManyOthers();
      continue;
    }
    if (++elements > SVG_MAX_ELEMENTS) throw tooManyElements();
    if (depth > SVG_MAX_DEPTH) throw tooDeep();
    if ((node as Element).attributes.length > SVG_MAX_ATTRIBUTES) throw tooManyAttributes();
    for (let child = node.firstChild; child; child = child.nextSibling) stack.push([child, depth + 1]);
  }
}

/**
 * Answers the sanitised markup and the plan's size in pixels, `null` when the text is not an
 * SVG at all, and throws SvgRefused (with a message for the user) for an SVG it will not take.
 */
export function sanitizeSvg(text: string): SanitizedSvg | null {
  if (!/<(?:[\w.-]+:)?svg[\s>/]/.test(text)) return null;
  if (/<!ENTITY/i.test(text))
    throw new SvgRefused('The floor plan declares XML entities (<!ENTITY>); export the SVG without them');
  checkSvgLimits(text);
  let root: Element | null;
  try {
    const doc = new DOMParser({ onError: () => undefined }).parseFromString(text, 'image/svg+xml');
    root = doc.documentElement;
  } catch {
    throw new SvgRefused(MALFORMED);
  }
  if (!root || root.localName !== 'svg' || (root.namespaceURI && root.namespaceURI !== SVG_NS)) return null;
  checkTreeLimits(root);

  const out: string[] = [];
  let rootAttributes: Array<[string, string]> = [];
  // Depth-first without recursion: an element is entered when popped; its end tag is a string on the stack.
  const stack: Array<Node | string> = [root];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item === 'string') {
      out.push(item);
      continue;
    }
    if (item.nodeType === 3 || item.nodeType === 4) {
      out.push(escapeText((item as unknown as { data: string }).data));
      continue;
    }
    if (item.nodeType !== 1 || !isAllowed(item as Element)) continue;
    const el = item as Element;
    const name = el.localName!;
    const attributes = cleanAttributes(el);
    let tag = `<${name}`;
    if (el === root) {
      rootAttributes = attributes;
      tag += ` xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}"`;
    }
    for (const [k, v] of attributes) tag += ` ${k}="${escapeAttribute(v)}"`;
    if (!el.firstChild) {
      out.push(`${tag}/>`);
      continue;
    }
    out.push(`${tag}>`);
    stack.push(`</${name}>`);
    for (let child = el.lastChild; child; child = child.previousSibling) stack.push(child);
  }

  const size = svgPlanSize((n) => rootAttributes.find(([k]) => k === n)?.[1]);
  if (!size) throw new SvgRefused('The SVG floor plan needs a width and height or a viewBox');
  return { markup: out.join(''), ...size };
}
