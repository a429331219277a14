import { readFileSync, readlinkSync } from 'node:fs';

/**
 * The processor time of one thread of this process, as Linux's /proc counts it. The SVG
 * worker pool limits a sanitising job by the processor time its thread used, not by the time
 * that passed, so a busy machine (other processes, other requests, a blocked event loop) does
 * not make a valid floor plan run out of time.
 */

/** Ticks per second of the times in /proc (USER_HZ: 100 on every architecture Linux runs Node on). */
const TICKS_PER_SECOND = 100;

/** The /proc stat file of the calling thread; null where there is none (not Linux). */
export function ownThreadStatPath(): string | null {
  try {
    // `/proc/thread-self` links to `<pid>/task/<tid>`, which every thread of the process can read.
    return `/proc/${readlinkSync('/proc/thread-self')}/stat`;
  } catch {
    return null;
  }
}

/** User plus system time the thread has used so far, in ms (10 ms steps); null once it cannot be read. */
export function threadCpuMs(statPath: string): number | null {
  let stat: string;
  try {
    stat = readFileSync(statPath, 'utf8');
  } catch {
    return null;
  }
  // The thread's name (field 2) is in parentheses and may hold spaces: count from its end.
  // utime and stime are fields 14 and 15, the 12th and 13th after the name.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : null;
}
