import { parentPort } from 'node:worker_threads';
import { sanitizeSvg, SvgRefused } from './svg-sanitizer.js';

/**
 * Worker thread that sanitises SVG floor plans (started by svg-worker-pool.ts). Takes
 * `{ id, bytes }` and answers `{ id, ok: true, data, width, height }` with the sanitised
 * markup as UTF-8, `{ id, ok: false, message }` with a message for the user, or
 * `{ id, ok: false, message: null }` when the bytes are not an SVG.
 */
export interface SvgJob {
  id: number;
  bytes: Uint8Array;
}

export type SvgAnswer =
  | { id: number; ok: true; data: Uint8Array; width: number; height: number }
  | { id: number; ok: false; message: string | null };

const port = parentPort;
if (!port) throw new Error('svg-worker runs as a worker thread');

port.on('message', (job: SvgJob) => {
  let answer: SvgAnswer;
  try {
    const svg = sanitizeSvg(new TextDecoder('utf-8').decode(job.bytes));
    if (!svg) answer = { id: job.id, ok: false, message: null };
    else {
      const data = new TextEncoder().encode(svg.markup);
      answer = { id: job.id, ok: true, data, width: svg.width, height: svg.height };
    }
  } catch (err) {
    const message =
      err instanceof SvgRefused
        ? err.message
        : err instanceof RangeError
          ? 'The floor plan is too large or too complex to process'
          : 'The floor plan could not be read as an SVG file';
    answer = { id: job.id, ok: false, message };
  }
  port.postMessage(answer, answer.ok ? [answer.data.buffer as ArrayBuffer] : []);
});
