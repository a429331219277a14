// Measuring helpers shared by the benchmark scenarios.
import autocannon from 'autocannon';

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Concurrent clients for the read-heavy scenarios whose figure is a latency (availability, statistics). */
export const LIGHT_CONNECTIONS = Number(process.env.BENCH_LIGHT_CONNECTIONS ?? 4);
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

export interface Row {
  engine: string;
  scenario: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface Measured {
  result: autocannon.Result;
  /** Every response time of the measured run, in milliseconds. */
  times: number[];
}

export async function load(url: string, request: autocannon.Request, connections = CONNECTIONS): Promise<Measured> {
  // A short warm-up so JIT and connection pools settle, then the measured run.
  await autocannon({ url, connections, duration: 2, requests: [request] });
  const times: number[] = [];
  const run = autocannon({ url, connections, duration: DURATION, requests: [request] });
  run.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms));
  return { result: await run, times };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, i)]! * 100) / 100;
}

export function row(engine: string, scenario: string, m: Measured): Row {
  const sorted = [...m.times].sort((a, b) => a - b);
  return {
    engine,
    scenario,
    rps: Math.round(m.result.requests.total / m.result.duration),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    non2xx: m.result.non2xx,
    errors: m.result.errors + m.result.timeouts,
  };
}
