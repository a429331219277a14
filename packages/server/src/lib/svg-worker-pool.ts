import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SvgAnswer, SvgBegin, SvgJob } from './svg-worker.js';
import { threadCpuMs } from './thread-cpu.js';

/**
 * Sanitises SVG floor plans in worker threads, so parsing a large file never holds up other
 * requests. A small pool (one worker on two cores, two on more) is started on demand and
 * reused; jobs wait in order for a free worker. A job that uses more than its processor
 * time has its worker terminated (a new one starts for the next job); a worker idle for a
 * while ends, giving its memory back.
 */

/**
 * Processor time one SVG may take to sanitise: a maximum-size CAD export takes one to three
 * seconds of a core, a file made to keep the sanitiser busy takes minutes. It is the worker
 * thread's own processor time, not the time that passed: on a loaded server (other processes,
 * other requests, a blocked event loop) a valid plan gets all the time it needs, however long
 * that takes by the clock.
 */
export const SVG_CPU_LIMIT_MS = 15_000;
/**
 * The most time by the clock one SVG may hold a worker, a last resort for a worker that gets
 * hardly any processor time at all. Where a thread's processor time cannot be read (not
 * Linux), SVG_CPU_LIMIT_MS applies to the time that passed instead.
 */
export const SVG_WALL_LIMIT_MS = 20 * SVG_CPU_LIMIT_MS;
/** How often the processor time of a running job is looked at. */
const CPU_CHECK_MS = 100;
const TOO_SLOW = 'The floor plan could not be processed in time; simplify the SVG';
const IDLE_MS = 30_000;
const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism() - 1));
/**
 * Heap of one worker. Sanitising needs about ten times the file size (200 MB for a 20 MB
 * plan), so SVGs up to about 150 MB fit; beyond, the upload is refused as too large.
 */
const WORKER_HEAP_MB = 1536;

export type SvgResult =
  | { ok: true; data: Buffer; width: number; height: number }
  /** `message` is for the user; `null` when the bytes are not an SVG at all. */
  | { ok: false; message: string | null };

interface Job {
  id: number;
  bytes: Uint8Array;
  cpuLimitMs: number;
  wallLimitMs: number;
  resolve(result: SvgResult): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker | null;
  job: Job | null;
  /** When the job was handed to the worker (performance.now()). */
  handedOver: number;
  /**
   * Where the job's processor time is read and what the thread had used as the job began;
   * null when it cannot be read; undefined until the worker says the job began.
   */
  cpu?: { thread: string; atBegin: number } | null;
  timer?: NodeJS.Timeout;
  meter?: NodeJS.Timeout;
  idleTimer?: NodeJS.Timeout;
}

const queue: Job[] = [];
const slots: Slot[] = [];
let nextId = 1;

/** The compiled worker next to this module, or from TypeScript source (tests, `npm run dev`) through tsx. */
function startWorker(): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./svg-worker.js', import.meta.url), options);
  const tsx = createRequire(import.meta.url).resolve('tsx/package.json');
  const api = pathToFileURL(join(dirname(tsx), 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./svg-worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { ...options, eval: true });
}

function finish(slot: Slot, settle: (job: Job) => void): void {
  const job = slot.job;
  if (!job) return;
  clearTimeout(slot.timer);
  clearInterval(slot.meter);
  slot.job = null;
  slot.worker?.unref();
  settle(job);
  if (slot.worker) {
    const worker = slot.worker;
    slot.idleTimer = setTimeout(() => {
      if (slot.worker === worker && !slot.job) {
        slot.worker = null;
        void worker.terminate();
      }
    }, IDLE_MS).unref();
  }
  pump();
}

/** Ends the slot's worker; its job, if any, is settled by `settle`. */
function discard(slot: Slot, worker: Worker, settle: (job: Job) => void): void {
  if (slot.worker !== worker) return;
  slot.worker = null;
  void worker.terminate();
  finish(slot, settle);
}

function attach(slot: Slot): Worker {
  const worker = startWorker();
  worker.on('message', (answer: SvgAnswer | SvgBegin) => {
    if (slot.worker !== worker || slot.job?.id !== answer.id) return;
    if ('thread' in answer) {
      slot.cpu = answer.thread && answer.cpuMs !== null ? { thread: answer.thread, atBegin: answer.cpuMs } : null;
      return;
    }
    finish(slot, (job) =>
      job.resolve(
        answer.ok
          ? {
              ok: true,
              data: Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength),
              width: answer.width,
              height: answer.height,
            }
          : { ok: false, message: answer.message },
      ),
    );
  });
  worker.on('error', (err: Error & { code?: string }) =>
    discard(slot, worker, (job) =>
      err.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? job.resolve({ ok: false, message: 'The floor plan is too large or too complex to process' })
        : job.reject(err),
    ),
  );
  worker.on('exit', (code) =>
    discard(slot, worker, (job) => job.reject(new Error(`The SVG worker stopped (exit code ${code})`))),
  );
  slot.worker = worker;
  return worker;
}

/**
 * What the slot's job has used of its processor-time limit: its thread's processor time since
 * it began; where that cannot be read, the time since it was handed over.
 */
function usedMs(slot: Slot): number {
  if (slot.cpu === undefined) return 0;
  if (slot.cpu === null) return performance.now() - slot.handedOver;
  const now = threadCpuMs(slot.cpu.thread);
  return now === null ? 0 : now - slot.cpu.atBegin;
}

function pump(): void {
  while (queue.length > 0) {
    let slot = slots.find((s) => !s.job);
    if (!slot) {
      if (slots.length >= POOL_SIZE) return;
      slot = { worker: null, job: null, handedOver: 0 };
      slots.push(slot);
    }
    const job = queue.shift()!;
    const free = slot;
    clearTimeout(free.idleTimer);
    let worker: Worker;
    try {
      worker = free.worker ?? attach(free);
    } catch (err) {
      job.reject(err as Error);
      continue;
    }
    free.job = job;
    free.handedOver = performance.now();
    free.cpu = undefined;
    worker.ref();
    const overTime = () => discard(free, worker, (j) => j.resolve({ ok: false, message: TOO_SLOW }));
    free.timer = setTimeout(overTime, job.wallLimitMs).unref();
    free.meter = setInterval(() => {
      if (usedMs(free) > job.cpuLimitMs) overTime();
    }, CPU_CHECK_MS).unref();
    const message: SvgJob = { id: job.id, bytes: job.bytes };
    worker.postMessage(message, [job.bytes.buffer as ArrayBuffer]);
  }
}

/** Sanitises an SVG off the event loop (see svg-sanitizer.ts for what is kept). */
export function sanitizeSvgInWorker(
  bytes: Uint8Array,
  opts: { cpuLimitMs?: number; wallLimitMs?: number } = {},
): Promise<SvgResult> {
  return new Promise((resolve, reject) => {
    // A copy of its own, handed over to the worker without another copy.
    queue.push({
      id: nextId++,
      bytes: new Uint8Array(bytes),
      cpuLimitMs: opts.cpuLimitMs ?? SVG_CPU_LIMIT_MS,
      wallLimitMs: opts.wallLimitMs ?? SVG_WALL_LIMIT_MS,
      resolve,
      reject,
    });
    pump();
  });
}
