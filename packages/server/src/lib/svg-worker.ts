import { parentPort } from 'node:worker_threads';
import { sanitizeSvg, SvgRefused } from './svg-sanitizer.js';
import { ownThreadStatPath, threadCpuMs } from './thread-cpu.js';

/**
 * Worker thread that sanitises SVG floor plans (started by svg-worker-pool.ts). Takes
 * `{ id, bytes }`, tells as it begins where the pool reads this thread's processor time
 * (`SvgBegin`), and answers `{ id, ok: true, data, width, height }` with the sanitised
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

/**
 * Sent as a job begins: this thread's /proc stat file and the processor time it had used
 * (both null where they cannot be read), so the pool counts the job's own processor time.
 */
export interface SvgBegin {
  id: number;
  thread: string | null;
  cpuMs: number | null;
}

const port = parentPort;
if (!port) throw new Error('svg-worker runs as a worker thread');
const thread = ownThreadStatPath();

port.on('message', (job: SvgJob) => {
  const begin: SvgBegin = { id: job.id, thread, cpuMs: thread ? threadCpuMs(thread) : null };
  port.postMessage(begin);
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
