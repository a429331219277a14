import { DOMParser, XMLSerializer, type Element, type Node } from '@xmldom/xmldom';

/**
 * Keeps only drawing elements and presentation attributes of an SVG, so an uploaded floor
 * plan cannot carry script: no <script>, no event handlers, no links or references outside
 * the document (except embedded raster images), no <foreignObject>, no style sheets.
 */
const ALLOWED_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
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
const REFERENCE_ATTRS = new Set(['href', 'xlink:href']);
const SVG_NS = 'http://www.w3.org/2000/svg';

export interface SanitizedSvg {
  markup: string;
  width: number;
  height: number;
}

function isSafeReference(el: Element, value: string): boolean {
  const v = value.trim();
  if (v.startsWith('#')) return true;
  return el.localName === 'image' && /^data:image\/(png|jpeg|gif|webp);base64,/i.test(v);
}

function safeStyle(value: string): boolean {
  return !/url\s*\(\s*['"]?\s*(?!#)|expression\s*\(|javascript:|@import|behavior\s*:/i.test(value);
}

function clean(node: Node): void {
  for (let child = node.firstChild; child;) {
    const next = child.nextSibling;
    if (child.nodeType === 1) {
      const el = child as Element;
      if (!ALLOWED_ELEMENTS.has(el.localName ?? '') || (el.namespaceURI && el.namespaceURI !== SVG_NS)) {
        node.removeChild(child);
      } else {
        for (const attr of Array.from(el.attributes)) {
          const name = attr.name.toLowerCase();
          const bad =
            name.startsWith('on') ||
            (REFERENCE_ATTRS.has(name) && !isSafeReference(el, attr.value)) ||
            (name === 'style' && !safeStyle(attr.value)) ||
            /javascript:|data:text|vbscript:/i.test(attr.value) ||
            (/url\s*\(/i.test(attr.value) && !/^url\(\s*#[\w-]+\s*\)$/i.test(attr.value.trim()));
          if (bad) el.removeAttribute(attr.name);
        }
        clean(el);
      }
    } else if (child.nodeType !== 3) {
      // Comments, processing instructions, CDATA and entity references go.
      node.removeChild(child);
    }
    child = next;
  }
}

const UNIT_PX: Record<string, number> = { '': 1, px: 1, pt: 96 / 72, pc: 16, mm: 96 / 25.4, cm: 96 / 2.54, in: 96 };

function length(value: string | null): number | null {
  const m = /^\s*([\d.]+)\s*(px|pt|pc|mm|cm|in)?\s*$/i.exec(value ?? '');
  if (!m) return null;
  const n = Number(m[1]) * (UNIT_PX[(m[2] ?? '').toLowerCase()] ?? 1);
  return Number.isFinite(n) && n > 0 ? Math.round(n) : null;
}

export function sanitizeSvg(text: string): SanitizedSvg | null {
  if (!/<svg[\s>]/i.test(text) || /<!ENTITY/i.test(text)) return null;
  let doc;
  try {
    doc = new DOMParser({ onError: () => undefined }).parseFromString(text, 'image/svg+xml');
  } catch {
    return null;
  }
  const root = doc.documentElement;
  if (!root || root.localName !== 'svg') return null;
  if (!root.getAttribute('xmlns')) root.setAttribute('xmlns', SVG_NS);
  for (const attr of Array.from(root.attributes))
    if (attr.name.toLowerCase().startsWith('on')) root.removeAttribute(attr.name);
  clean(root);
  const viewBox = (root.getAttribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const width = length(root.getAttribute('width')) ?? (viewBox.length === 4 ? Math.round(viewBox[2]!) : null);
  const height = length(root.getAttribute('height')) ?? (viewBox.length === 4 ? Math.round(viewBox[3]!) : null);
  if (!width || !height) return null;
  return { markup: new XMLSerializer().serializeToString(root), width, height };
}
