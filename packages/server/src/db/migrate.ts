import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Db } from './connection.js';

/** packages/server/migrations, reachable from both src/db and dist/db. */
const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));
const MIGRATION_LOCK = 7_240_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({
      version: Number(f.slice(0, 4)),
      name: f.slice(5, -4),
      sql: fs.readFileSync(`${dir}/${f}`, 'utf8'),
    }));
}

/**
 * The database was migrated by a newer Perch: this version does not know its schema and must not
 * write to it. main.ts exits with code 2 and this message.
 */
export class SchemaTooNewError extends Error {
  constructor(
    readonly schema: number,
    readonly known: number,
  ) {
    super(
      `This database was upgraded by a newer version of Perch (schema ${schema}, this version knows up to ${known}). ` +
        'Start the newer version, or restore a backup taken before the upgrade.',
    );
  }
}

/** The newest migration applied to the database; 0 when it has none (a new database). */
export async function schemaVersion(db: Db): Promise<number> {
  const table = sql<{ t: string | null }>`SELECT to_regclass('schema_migrations')::text AS t`;
  if (!(await table.execute(db)).rows[0]?.t) return 0;
  const row = await db
    .selectFrom('schema_migrations')
    .select((eb) => eb.fn.max('version').as('version'))
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/**
 * Applies pending migrations in order, each in its own transaction. An advisory lock makes
 * concurrent starts safe: the second server waits, then finds nothing left to do.
 * Returns the versions applied by this call. Throws SchemaTooNewError, before changing
 * anything, when the database has a migration newer than the newest of `migrations`.
 */
export async function migrate(db: Db, migrations = readMigrations()): Promise<number[]> {
  const known = Math.max(0, ...migrations.map((m) => m.version));
  const schema = await schemaVersion(db);
  if (schema > known) throw new SchemaTooNewError(schema, known);
  const applied: number[] = [];
  for (const m of migrations) {
    const done = await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`.execute(trx);
      const row = await trx
        .selectFrom('schema_migrations')
        .select('version')
        .where('version', '=', m.version)
        .executeTakeFirst();
      if (row) return false;
      await sql.raw(m.sql).execute(trx);
      await trx.insertInto('schema_migrations').values({ version: m.version, name: m.name }).execute();
      return true;
    });
    if (done) applied.push(m.version);
  }
  return applied;
}
