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
 * A valid plan within every limit that takes its worker a second or more of a core to sanitise
 * here (50,000 paths, 5 MB): for the worker pool's time limits, set far below that in its tests.
 */
export function heavyPlanSvg(): Buffer {
  return cadLikeSvg(5_000_000, 50_000);
}
