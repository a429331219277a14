import { ErrorCode } from '@perch/contract';
import { violation, type RuleViolation } from './types.js';

export interface Interval {
  enter: number;
  leave: number;
}

/**
 * The largest number of intervals that are active at the same moment within [from, to).
 * Intervals are half-open, so one ending when another starts does not stack.
 */
export function peakOverlap(intervals: readonly Interval[], from: number, to: number): number {
  const events: [number, number][] = [];
  for (const i of intervals) {
    const start = Math.max(i.enter, from);
    const end = Math.min(i.leave, to);
    if (end > start) events.push([start, 1], [end, -1]);
  }
  // Ends before starts at the same instant: touching intervals do not overlap.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let current = 0;
  let peak = 0;
  for (const [, delta] of events) {
    current += delta;
    peak = Math.max(peak, current);
  }
  return peak;
}

/** 1002: with the new booking, the area never holds more than its capacity at once (0 = unlimited). */
export function areaCapacity(
  existing: readonly Interval[],
  enter: number,
  leave: number,
  capacity: number,
): RuleViolation | null {
  if (capacity <= 0) return null;
  // A zero-length booking still takes a place at its instant.
  const peak =
    leave > enter
      ? peakOverlap(existing, enter, leave)
      : existing.filter((i) => i.enter <= enter && i.leave > enter).length;
  return peak + 1 > capacity
    ? violation(ErrorCode.BookingLocationMaxConcurrent, 'Capacity limit in the selected area reached')
    : null;
}
