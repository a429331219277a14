import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { heavyPlanSvg } from '../test-support/svg-plans.js';
import { sanitizeSvgInWorker } from './svg-worker-pool.js';
import { ownThreadStatPath } from './thread-cpu.js';

const SVG = 'http://www.w3.org/2000/svg';
const TOO_SLOW = { ok: false, message: 'The floor plan could not be processed in time; simplify the SVG' };
const tiny = () => Buffer.from(`<svg xmlns="${SVG}" width="1" height="1"/>`);

/** Processor time of this whole process in ms (every thread: the worker's and more). */
function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Holds this thread (the event loop) for `ms` by the clock, as a busy server would. */
function holdEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('SVG worker pool: time limits', () => {
  // The plan needs twenty times the limits or more: it can stop only at the limit.
  it('stops a file that keeps the sanitiser busy once it used its processor time, then carries on with a new worker', async () => {
    expect(await sanitizeSvgInWorker(tiny())).toMatchObject({ ok: true }); // a worker is up
    expect(await sanitizeSvgInWorker(heavyPlanSvg(), { cpuLimitMs: 50 })).toEqual(TOO_SLOW);
    expect(await sanitizeSvgInWorker(tiny())).toMatchObject({ ok: true, width: 1, height: 1 });
  }, 60_000);

  it('stops a job that holds its worker longer than the limit by the clock, whatever processor time it used', async () => {
    expect(await sanitizeSvgInWorker(tiny())).toMatchObject({ ok: true }); // a worker is up
    expect(await sanitizeSvgInWorker(heavyPlanSvg(), { cpuLimitMs: 3_600_000, wallLimitMs: 50 })).toEqual(TOO_SLOW);
    expect(await sanitizeSvgInWorker(tiny())).toMatchObject({ ok: true, width: 1, height: 1 });
  }, 60_000);

  // Where the processor time of a thread cannot be read (not Linux), the limit is by the clock.
  it.skipIf(ownThreadStatPath() === null)(
    'gives a valid plan the processor time it needs while the event loop and the processor are busy',
    async () => {
      const plan = Buffer.from(
        `<svg xmlns="${SVG}" width="4000" height="3000">${'<path stroke="#333" d="M1 2 h300 v400 h-300 z"/>'.repeat(5_000)}</svg>`,
      );
      expect(await sanitizeSvgInWorker(tiny())).toMatchObject({ ok: true }); // a worker is up
      // Calibration: the processor time the whole process used while the plan was sanitised
      // alone is at least the worker's; the limit is ten times that.
      const before = processCpuMs();
      expect(await sanitizeSvgInWorker(plan)).toMatchObject({ ok: true, width: 4000, height: 3000 });
      const cpuLimitMs = 10 * (processCpuMs() - before);

      // Another thread takes a core, and the event loop is held for longer than the limit, so a
      // limit by the clock would run out before the pool could even read the answer.
      const spinner = new Worker('for (;;);', { eval: true });
      try {
        // In a task of its own, as a busy server's event loop runs one request's work while
        // others wait; the pool's timers come due before its worker's answer can be read.
        await new Promise((r) => setImmediate(r));
        const result = sanitizeSvgInWorker(plan, { cpuLimitMs });
        holdEventLoop(cpuLimitMs + 500);
        expect(await result).toMatchObject({ ok: true, width: 4000, height: 3000 });
      } finally {
        await spinner.terminate();
      }
    },
    60_000,
  );
});
