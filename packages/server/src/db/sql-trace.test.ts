import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openPglite } from './connection.js';
import { sqlTracer, withSqlTrace } from './sql-trace.js';

describe('SQL trace (diagnostics)', () => {
  it('records the statements run under a trace label, and nothing else', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'perch-trace-')), 'trace.jsonl');
    const handle = await openPglite(undefined, sqlTracer(file));
    try {
      await sql`SELECT 1 AS untraced`.execute(handle.db);
      expect(fs.existsSync(file)).toBe(false);
      await withSqlTrace('areas', async () => {
        await sql`SELECT ${2}::int AS traced`.execute(handle.db);
        await handle.prepared('perch_trace_test', 'SELECT $1::int AS prepared', [3]);
      });
      await sql`SELECT 4 AS untraced_again`.execute(handle.db);
      const lines = fs
        .readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { trace: string; sql: string; parameters: unknown[]; ms: number });
      expect(lines.map((l) => [l.trace, l.sql, l.parameters])).toEqual([
        ['areas', 'SELECT $1::int AS traced', [2]],
        ['areas', 'SELECT $1::int AS prepared', [3]],
      ]);
      expect(lines.every((l) => l.ms >= 0)).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
