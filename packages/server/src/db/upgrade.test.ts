import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { login, PerchClient } from '@perch/client';
import type { Booking, Location, RecurringBooking, User } from '@perch/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { bootstrap } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { createDeps } from '../deps.js';
import { workerDatabaseUrl } from '../test-support/database.js';
import { testEnv } from '../test-support/server.js';
import { openPglite, openPostgres, type DatabaseHandle, type Db } from './connection.js';
import { migrate, readMigrations, schemaVersion, SchemaTooNewError } from './migrate.js';

/**
 * Upgrades keep every row, and a database a newer Perch migrated is refused.
 *
 * Where the upgrade starts: the schema of the newest release older than this build
 * (migrations/releases.json says which migration each release shipped), so every release is
 * tested from where the installations of the previous one are (0.1.0 shipped schema 17; this
 * build adds 18 to 20). When no release is older than the build's newest migration, it starts from
 * EARLY instead: all but the last five migrations, with data in every table of that schema.
 * The newest release's own fixture is loaded too (an upgrade with nothing to do when the
 * release is the build), so the next release's test finds it working.
 *
 * upgrade-fixtures/NNNN.sql holds the data of an installation at schema NNNN, written as that
 * version wrote it; every table of the schema has rows. At a release: add it to releases.json
 * and write upgrade-fixtures/<its schema>.sql (copy the previous fixture, add rows for what the
 * release added). A migration that changes existing rows on purpose is listed in INTENDED.
 */
const EARLY = 12;
const FIXTURES = new URL('./upgrade-fixtures/', import.meta.url);
const RELEASES = new URL('../../migrations/releases.json', import.meta.url);

type Row = Record<string, unknown>;

/** What migrations do to existing rows on purpose, in their order: the row afterwards, or null if removed. */
const INTENDED: { migration: number; table: string; change(row: Row): Row | null }[] = [
  // 0007: zero-length bookings occupy no time and are removed.
  {
    migration: 7,
    table: 'bookings',
    change: (r) => (String(r.leave_at) <= String(r.enter_at) ? null : r),
  },
  // 0011: features that did not exist yet were switched off.
  {
    migration: 11,
    table: 'settings',
    change: (r) =>
      ['feature_auth_providers', 'feature_kiosk_mode', 'enforce_totp'].includes(String(r.name))
        ? { ...r, value: '0' }
        : r,
  },
  // 0013: sign-in providers exist, and the flag that hid them says so.
  {
    migration: 13,
    table: 'settings',
    change: (r) => (r.name === 'feature_auth_providers' ? { ...r, value: '1' } : r),
  },
];

const migrations = readMigrations();
const newest = Math.max(...migrations.map((m) => m.version));
const releases = JSON.parse(fs.readFileSync(RELEASES, 'utf8')) as Record<string, number>;
const previousRelease = Math.max(0, ...Object.values(releases).filter((v) => v < newest));
const newestRelease = Math.max(0, ...Object.values(releases).filter((v) => v <= newest));
const starts = [...new Set([previousRelease || EARLY, newestRelease || EARLY])];

const ORG = 'a0000000-0000-4000-8000-000000000001';
const SERIES = 'd3000000-0000-4000-8000-000000000001';

/** A new, empty database: this worker's own on PostgreSQL when DATABASE_URL is set, else an in-memory PGlite. */
async function freshDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  return url ? openPostgres(await workerDatabaseUrl(url, 'perch_upgrade'), 4) : openPglite(undefined);
}

/** Every row of every table (but the migration record), as JSON. */
async function snapshot(db: Db): Promise<Map<string, Row[]>> {
  const { rows: tables } = await sql<{ name: string }>`
    SELECT tablename AS name FROM pg_tables
    WHERE schemaname = current_schema() AND tablename <> 'schema_migrations' ORDER BY tablename
  `.execute(db);
  const all = new Map<string, Row[]>();
  for (const { name } of tables) {
    const { rows } = await sql<{ row: Row }>`SELECT to_jsonb(t) AS row FROM ${sql.table(name)} t`.execute(db);
    all.set(
      name,
      rows.map((r) => r.row),
    );
  }
  return all;
}

/** The rows with only `columns`, in a stable order, for comparing. */
const canonical = (rows: Row[], columns: string[]) =>
  rows.map((r) => JSON.stringify(columns.map((c) => [c, r[c]]))).sort();

describe('upgrades', () => {
  it.each(starts)(
    'from schema %i keep every row, and the app works on the upgraded database',
    async (from) => {
      const fixture = new URL(`${String(from).padStart(4, '0')}.sql`, FIXTURES);
      expect(fs.existsSync(fixture), `write ${fixture.pathname}: an installation's data at schema ${from}`).toBe(true);
      const handle = await freshDatabase();
      try {
        const { db } = handle;
        await migrate(
          db,
          migrations.filter((m) => m.version <= from),
        );
        expect(await schemaVersion(db)).toBe(from);
        await sql.raw(fs.readFileSync(fixture, 'utf8')).execute(db);
        const before = await snapshot(db);
        for (const [table, rows] of before)
          expect(rows.length, `${table} has no rows in the fixture`).toBeGreaterThan(0);

        expect(await migrate(db)).toEqual(migrations.filter((m) => m.version > from).map((m) => m.version));
        expect(await schemaVersion(db)).toBe(newest);
        const after = await snapshot(db);
        for (const [table, rows] of before) {
          let expected = rows;
          for (const step of INTENDED.filter((i) => i.table === table && i.migration > from))
            expected = expected.map((r) => step.change(r)).filter((r): r is Row => r !== null);
          const columns = Object.keys(rows[0] ?? {});
          expect(canonical(after.get(table) ?? [], columns), table).toEqual(canonical(expected, columns));
        }

        // The server on it: a start (defaults filled in), a sign-in with the stored password, the lists.
        const config = loadConfig({ ...testEnv, PORT: '0' });
        const deps = await createDeps(config, handle);
        await bootstrap(deps.db, config);
        const app = await buildApp(deps);
        await app.listen({ port: 0, host: '127.0.0.1' });
        try {
          const c = new PerchClient({ baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
          await login(c, { email: 'admin@upgrade.perch.test', password: 'Upgrade!pass1', organizationId: ORG });
          const bookings = await c.get<Booking[]>('/booking/filter/', {
            start: new Date(Date.now() - 3 * 86_400_000).toISOString(),
            end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
          });
          const stored = before.get('bookings') ?? [];
          expect(bookings.map((b) => b.id).sort()).toEqual(stored.map((b) => b.id).sort());
          expect(bookings.find((b) => b.recurringId === SERIES)?.subject).toBe('Team days');
          const series = await c.get<RecurringBooking>(`/recurring-booking/${SERIES}`);
          expect(series.cadence).toBe(2);
          expect((await c.get<User[]>('/user/')).map((u) => u.email).sort()).toEqual([
            'admin@upgrade.perch.test',
            'mia@upgrade.perch.test',
            'robot@upgrade.perch.test',
            'sam@upgrade.perch.test',
          ]);
          expect((await c.get<Location[]>('/location/')).map((l) => l.name).sort()).toEqual([
            'HQ Floor 1',
            'HQ Floor 2',
          ]);
          expect(await c.get<string>('/setting/max_bookings_per_user')).toBe('25');
        } finally {
          await app.close();
        }
      } finally {
        await handle.close();
      }
    },
    120_000,
  );
});

describe('a database a newer version migrated', () => {
  it('is refused before anything changes, naming both schema versions', async () => {
    const handle = await freshDatabase();
    try {
      const { db } = handle;
      await migrate(db);
      // An older build, knowing migrations up to 10 and one it has not applied yet: refused first.
      const unapplied = { version: 0, name: 'never_applied', sql: 'CREATE TABLE must_not_exist (id int)' };
      const older = [unapplied, ...migrations.filter((m) => m.version <= 10)];
      await expect(migrate(db, older)).rejects.toThrow(
        `This database was upgraded by a newer version of Perch (schema ${newest}, this version knows up to 10). ` +
          'Start the newer version, or restore a backup taken before the upgrade.',
      );
      expect((await db.introspection.getTables()).some((t) => t.name === 'must_not_exist')).toBe(false);

      // This build on a database the next one migrated.
      await db
        .insertInto('schema_migrations')
        .values({ version: newest + 1, name: 'from_a_newer_version' })
        .execute();
      const refused = await migrate(db).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(SchemaTooNewError);
      expect(refused).toMatchObject({ schema: newest + 1, known: newest });
    } finally {
      await handle.close();
    }
  });
});
