import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/**
 * What belongs to an organisation, as stored: a snapshot of every row that belongs to one
 * organisation (following references table by table) and the rows that changed between two
 * snapshots.
 */

/**
 * Tables that change legitimately when someone else acts: failed sign-ins naming an account
 * (public, counted per account and address, and written to the organisation's sign-in log,
 * whose purpose is to record anyone's attempts) and request counters.
 */
const UNTRACKED_TABLES = new Set([
  'login_throttle',
  'auth_attempts',
  'rate_limit_hits',
  'job_runs',
  'schema_migrations',
]);
/**
 * Rows anyone may cause: a provider sign-in (state type 1) or a passkey sign-in (type 11)
 * started on the public sign-in page keeps its attempt for five minutes, whoever starts it.
 */
const UNTRACKED_ROWS: Readonly<Record<string, string>> = {
  auth_states: 'state_type NOT IN (1, 11)',
};
/** Columns that reads and sign-ins bump, and cache bookkeeping. */
const UNTRACKED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  users: ['last_activity_at'],
  sessions: ['last_activity', 'expires_at'],
  stats_cache: ['computed_at'],
};

export type Snapshot = Record<string, string[]>;

/**
 * Every row that belongs to the organisation `orgId`, per table, as sorted JSON: rows holding
 * its id, then rows holding the id of such a row, and so on (users → sessions → refresh tokens;
 * areas → spaces → bookings …). A row of another organisation that points at one of its
 * objects belongs to it too, so a cross-organisation reference shows up as a change.
 */
export async function snapshotOrganization(db: Db, orgId: string): Promise<Snapshot> {
  const { rows: tables } = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename
  `.execute(db);
  // One round trip for every table: each row as JSON, untracked columns removed.
  const selects = tables
    .map((t) => t.tablename)
    .filter((t) => !UNTRACKED_TABLES.has(t))
    .map((t) => {
      const drop = (UNTRACKED_COLUMNS[t] ?? []).map((c) => ` - '${c}'`).join('');
      const where = UNTRACKED_ROWS[t] ? ` WHERE ${UNTRACKED_ROWS[t]}` : '';
      return `SELECT '${t}' AS t, (to_jsonb(x)${drop})::text AS r FROM "${t}" x${where}`;
    });
  const { rows } = await sql<{ t: string; r: string }>`${sql.raw(selects.join(' UNION ALL '))}`.execute(db);
  const data: Record<string, Record<string, unknown>[]> = {};
  for (const { t, r } of rows) (data[t] ??= []).push(JSON.parse(r) as Record<string, unknown>);
  const ids = new Set([orgId]);
  const member = new Map<string, Set<number>>();
  for (let changed = true; changed;) {
    changed = false;
    for (const [table, rows] of Object.entries(data)) {
      const m = member.get(table) ?? new Set<number>();
      member.set(table, m);
      rows.forEach((row, i) => {
        if (m.has(i)) return;
        if (!Object.values(row).some((v) => typeof v === 'string' && ids.has(v))) return;
        m.add(i);
        changed = true;
        if (typeof row.id === 'string') ids.add(row.id);
      });
    }
  }
  const out: Snapshot = {};
  for (const [table, rows] of Object.entries(data)) {
    const m = member.get(table)!;
    const kept = rows.filter((_, i) => m.has(i)).map((r) => JSON.stringify(r));
    if (kept.length > 0) out[table] = kept.sort();
  }
  return out;
}

/** Rows that appeared or disappeared between two snapshots, per table ("" when equal). */
export function describeChanges(before: Snapshot, after: Snapshot): string {
  const lines: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = new Set(before[table] ?? []);
    const a = new Set(after[table] ?? []);
    for (const r of b) if (!a.has(r)) lines.push(`  ${table} − ${r}`);
    for (const r of a) if (!b.has(r)) lines.push(`  ${table} + ${r}`);
  }
  return lines.join('\n');
}
