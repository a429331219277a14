import { valueAxis } from './chart-scale';

/** Loads above the target (100 %) are drawn in a warning colour. */
export function loadColor(percent: number): string | undefined {
  return percent > 100 ? 'var(--mantine-color-orange-filled)' : undefined;
}

/** The length of a full load bar: 100 %, or more when a value goes beyond it. */
export function loadAxisTop(values: readonly number[]): number {
  return valueAxis(Math.max(0, ...values), 4, 100).top;
}

export function formatPercent(value: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
}
