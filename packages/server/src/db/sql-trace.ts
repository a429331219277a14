import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import type { LogEvent } from 'kysely';

/**
 * Diagnostics: with SQL_TRACE_FILE set, every statement a request marked with the header
 * `x-perch-sql-trace: <label>` runs is appended to that file as one JSON line
 * `{trace, sql, parameters, ms}` (the benchmark replays them with EXPLAIN ANALYZE).
 * Unmarked requests and background work are not traced; without the setting nothing is.
 */
export const SQL_TRACE_HEADER = 'x-perch-sql-trace';

const currentTrace = new AsyncLocalStorage<string>();

/** Runs `fn` (and everything it starts) under a trace label. */
export function withSqlTrace<T>(label: string, fn: () => T): T {
  return currentTrace.run(label, fn);
}

export interface SqlTracer {
  /** Kysely's `log` option. */
  kysely(event: LogEvent): void;
  /** Records a statement run outside Kysely (named prepared statements). */
  record(sql: string, parameters: readonly unknown[], ms: number): void;
}

export function sqlTracer(file: string): SqlTracer {
  const record = (sql: string, parameters: readonly unknown[], ms: number): void => {
    const trace = currentTrace.getStore();
    if (trace === undefined) return;
    fs.appendFileSync(file, `${JSON.stringify({ trace, sql, parameters, ms })}\n`);
  };
  return {
    kysely: (event) => {
      if (event.level === 'query') record(event.query.sql, event.query.parameters, event.queryDurationMillis);
    },
    record,
  };
}
