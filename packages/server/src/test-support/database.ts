import { sql } from 'kysely';
import pg from 'pg';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/connection.js';
import { migrate } from '../db/migrate.js';

let shared: Promise<DatabaseHandle> | undefined;

/** A fresh, empty database of this worker on the server in DATABASE_URL (dropped and re-created). */
export async function workerDatabaseUrl(adminUrl: string, prefix = 'perch_test'): Promise<string> {
  const worker = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? '0';
  const name = `${prefix}_${worker}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * One database per test worker, migrated once: PostgreSQL when DATABASE_URL is set,
 * otherwise an in-memory PGlite (creating one costs seconds, so it is shared).
 */
export function sharedTestDatabase(): Promise<DatabaseHandle> {
  shared ??= (async () => {
    const url = process.env.DATABASE_URL;
    const handle = url ? await openPostgres(await workerDatabaseUrl(url), 10) : await openPglite(undefined);
    await migrate(handle.db);
    return handle;
  })();
  return shared;
}

export function sharedTestDatabaseUrl(): string | undefined {
  return process.env.DATABASE_URL;
}

/** Empties every table except the migration record (the signing key is kept too). */
export async function resetDatabase(handle: DatabaseHandle): Promise<void> {
  const { rows } = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables
    WHERE schemaname = current_schema() AND tablename NOT IN ('schema_migrations', 'system_settings')
  `.execute(handle.db);
  if (rows.length === 0) return;
  await sql.raw(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(', ')} CASCADE`).execute(handle.db);
}
