import { describe, expect, it } from 'vitest';
import { barPercent, niceStep, percentChange, valueAxis, weekdaysFrom } from './chart-scale';
import { loadAxisTop, loadColor } from './load-format';

describe('chart scaling', () => {
  it('rounds steps up to 1, 2, 2.5 or 5 times a power of ten, never below 1', () => {
    expect(niceStep(0.3)).toBe(1);
    expect(niceStep(1.7)).toBe(2);
    expect(niceStep(2.2)).toBe(5); // 2.5 is no whole number of bookings
    expect(niceStep(4)).toBe(5);
    expect(niceStep(7)).toBe(10);
    expect(niceStep(23)).toBe(25);
    expect(niceStep(180)).toBe(200);
    expect(niceStep(0)).toBe(1);
  });

  it('makes an axis from 0 that fits the largest value with round ticks', () => {
    expect(valueAxis(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(valueAxis(100)).toEqual({ top: 100, ticks: [0, 25, 50, 75, 100] });
    expect(valueAxis(101).top).toBeGreaterThanOrEqual(101);
  });

  it('gives an all-zero chart the axis 0–1 instead of dividing by zero', () => {
    expect(valueAxis(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(barPercent(0, valueAxis(0).top)).toBe(0);
  });

  it('turns values into bar lengths, clamped to the axis', () => {
    expect(barPercent(5, 10)).toBe(50);
    expect(barPercent(15, 10)).toBe(100);
    expect(barPercent(-3, 10)).toBe(0);
    expect(barPercent(3, 0)).toBe(0);
  });

  it('keeps 100 % as the shortest load axis and grows it for loads above the target', () => {
    expect(loadAxisTop([0, 12, 40])).toBe(100);
    expect(loadAxisTop([130])).toBeGreaterThanOrEqual(130);
    expect(loadColor(100)).toBeUndefined();
    expect(loadColor(101)).toBeDefined();
  });

  it('compares weeks in percent, and not at all without a previous week', () => {
    expect(percentChange(12, 10)).toBe(20);
    expect(percentChange(5, 10)).toBe(-50);
    expect(percentChange(3, 0)).toBeNull();
  });

  it('orders the API’s Sunday-first weekdays from the user’s first day of the week', () => {
    const counts = [0, 1, 2, 3, 4, 5, 6];
    expect(weekdaysFrom(counts, 1).map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(weekdaysFrom(counts, 6).map((d) => d.value)).toEqual([6, 0, 1, 2, 3, 4, 5]);
    expect(weekdaysFrom(counts, 0).map((d) => d.value)).toEqual(counts);
  });
});
