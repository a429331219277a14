/** SVG floor plans for upload tests and the benchmark: large valid ones and ones made to cost time. */

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * An SVG of about `bytes` bytes made of `elements` paths (plus the root), like a CAD export:
 * every path carries a long outline so that the file reaches the size with few elements.
 * Without `size` the root has no width, height or viewBox.
 */
export function cadLikeSvg(bytes: number, elements: number, size = true): Buffer {
  const head = `<svg xmlns="${SVG_NS}"${size ? ' width="4000" height="3000" viewBox="0 0 4000 3000"' : ''}>\n`;
  const tail = '</svg>\n';
  const per = Math.floor((bytes - head.length - tail.length) / elements);
  const parts: string[] = [head];
  const outline = ' h1 v1'.repeat(Math.ceil(per / 6));
  for (let i = 0; i < elements; i++) {
    const open = `<path fill="none" stroke="#333" d="M${i % 4000} ${i % 3000}`;
    const close = '"/>\n';
    parts.push(open, outline.slice(0, Math.max(0, per - open.length - close.length)), close);
  }
  parts.push(tail);
  return Buffer.from(parts.join(''), 'utf8');
}

/**
 * A small SVG within every limit that keeps the sanitiser busy for far longer than any time
 * limit: an inline style whose value is one long word, which the style check takes time growing
 * with the square of its length on (a megabyte: well over a quarter of an hour of a core).
 */
export function slowStyleSvg(): Buffer {
  return Buffer.from(
    `<svg xmlns="${SVG_NS}" width="10" height="10"><rect style="fill:${'a'.repeat(1_000_000)}"/></svg>`,
  );
}
