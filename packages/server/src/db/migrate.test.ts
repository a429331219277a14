import { describe, expect, it } from 'vitest';
import { workerDatabaseUrl } from '../test-support/database.js';
import { openPglite, openPostgres, type DatabaseHandle } from './connection.js';
import { migrate, readMigrations } from './migrate.js';

async function freshDatabases(): Promise<[DatabaseHandle, DatabaseHandle, () => Promise<void>]> {
  if (process.env.DATABASE_URL) {
    const url = await workerDatabaseUrl(process.env.DATABASE_URL, 'perch_migrate');
    const a = await openPostgres(url, 2);
    const b = await openPostgres(url, 2);
    return [
      a,
      b,
      async () => {
        await a.close();
        await b.close();
      },
    ];
  }
  // The embedded database belongs to one process; two callers share its handle.
  const a = await openPglite(undefined);
  return [a, a, () => a.close()];
}

describe('migrations', () => {
  it('are ordered SQL files', () => {
    const ms = readMigrations();
    expect(ms.length).toBeGreaterThan(0);
    expect(ms.map((m) => m.version)).toEqual([...ms.map((m) => m.version)].sort((x, y) => x - y));
  });

  it('apply once when two servers migrate at the same moment, and not again later', async () => {
    const [a, b, close] = await freshDatabases();
    try {
      const [ra, rb] = await Promise.all([migrate(a.db), migrate(b.db)]);
      const all = readMigrations().map((m) => m.version);
      expect([...ra, ...rb].sort((x, y) => x - y)).toEqual(all);
      expect(await migrate(a.db)).toEqual([]);
      const { rows } = await a.db
        .selectFrom('schema_migrations')
        .select('version')
        .execute()
        .then((r) => ({ rows: r }));
      expect(rows.map((r) => r.version)).toEqual(all);
    } finally {
      await close();
    }
  });

  it('roll back a failing migration completely', async () => {
    const [a, , close] = await freshDatabases();
    try {
      await migrate(a.db);
      const broken = [
        { version: 9999, name: 'broken', sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();' },
      ];
      await expect(migrate(a.db, broken)).rejects.toThrow();
      const t = await a.db.selectFrom('schema_migrations').select('version').where('version', '=', 9999).execute();
      expect(t).toEqual([]);
      const exists = await a.db.introspection.getTables();
      expect(exists.some((x) => x.name === 'half_done')).toBe(false);
    } finally {
      await close();
    }
  });
});
