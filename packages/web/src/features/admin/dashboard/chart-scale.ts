/** Axis and bar arithmetic of the dashboard charts; pure, so the scaling is tested on its own. */

const NICE_STEPS = [1, 2, 2.5, 5, 10];

/** The smallest "round" step (1, 2, 2.5 or 5 times a power of ten, whole numbers only) of at least `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = NICE_STEPS.map((s) => s * power).find((s) => Number.isInteger(s) && s >= raw - 1e-9) ?? 10 * power;
  return Math.max(1, step);
}

export interface Axis {
  /** The value at the top (or end) of the axis. */
  top: number;
  /** Gridline values from 0 to `top`. */
  ticks: number[];
}

/**
 * An axis from 0 that fits `max` with about `count` round steps. Counts are whole numbers, so an
 * all-zero chart still gets the axis 0–1 rather than a flat line at the top.
 */
export function valueAxis(max: number, count = 4, floor = 0): Axis {
  const wanted = Math.max(max, floor, 1);
  const step = niceStep(wanted / count);
  const top = Math.ceil(wanted / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= top + 1e-9; v += step) ticks.push(v);
  return { top, ticks };
}

/** A bar's length as a percentage of the axis (0–100), for CSS. */
export function barPercent(value: number, top: number): number {
  if (!(top > 0) || !(value > 0)) return 0;
  return Math.min(100, (value / top) * 100);
}

/** Change from `previous` to `current` in percent, rounded; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/**
 * The week's seven counts (index 0 = Sunday, as the API sends them) in display order, starting
 * with `weekStart` (0 Sunday, 1 Monday, 6 Saturday).
 */
export function weekdaysFrom<T>(byWeekday: readonly T[], weekStart: number): { weekday: number; value: T }[] {
  return Array.from({ length: 7 }, (_, i) => {
    const weekday = (weekStart + i) % 7;
    return { weekday, value: byWeekday[weekday] as T };
  });
}
