import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../http/db-errors.js';
import { openPglite, openPostgres, type DatabaseHandle } from './connection.js';
import type { Database } from './schema.js';
import { StatementNames } from './statement-names.js';
import { workerDatabaseUrl } from '../test-support/database.js';

describe('statement names', () => {
  it('names a text once it has been seen often enough, and always the same way', () => {
    const names = new StatementNames(2, 3);
    expect(names.nameFor('a')).toBeUndefined();
    expect(names.nameFor('a')).toBeUndefined();
    const a = names.nameFor('a');
    expect(a).toMatch(/^perch_\d+$/);
    expect(names.nameFor('a')).toBe(a);
    names.nameFor('b');
    names.nameFor('b');
    const b = names.nameFor('b');
    expect(b).not.toBe(a);
    // The limit is reached: other texts stay unnamed, named ones keep their names.
    for (let i = 0; i < 5; i++) expect(names.nameFor('c')).toBeUndefined();
    expect(names.nameFor('b')).toBe(b);
    // A retired text is named afresh, never under its old name.
    names.retire('a');
    for (let i = 0; i < 2; i++) expect(names.nameFor('a')).toBeUndefined();
    const again = names.nameFor('a');
    expect(again).toBeDefined();
    expect(again).not.toBe(a);
  });

  it('names nothing when prepared statements are off (a limit of 0)', () => {
    const names = new StatementNames(0);
    for (let i = 0; i < 10; i++) expect(names.nameFor('a')).toBeUndefined();
  });

  it('forgets counts of texts seen only rarely once too many have been counted', () => {
    const names = new StatementNames(10, 2, 3);
    names.nameFor('x');
    for (const t of ['p', 'q', 'r']) names.nameFor(t);
    // 'x' was counted once, but the counts started again since.
    expect(names.nameFor('x')).toBeUndefined();
    expect(names.nameFor('x')).toBeDefined();
  });
});

describe.each([
  ['the embedded database', async () => openPglite(undefined)],
  ...(process.env.DATABASE_URL
    ? [['PostgreSQL', async () => openPostgres(await workerDatabaseUrl(process.env.DATABASE_URL!, 'perch_names'), 2)]]
    : []),
] as [string, () => Promise<DatabaseHandle>][])('prepared statements on %s', (_engine, open) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await open();
    await sql`CREATE TABLE names_test (a int NOT NULL)`.execute(handle.db);
    await sql`INSERT INTO names_test VALUES (1), (2), (3)`.execute(handle.db);
  });
  afterAll(() => handle.close());

  /** The statements prepared under Perch's names on this connection. */
  const preparedOn = async (conn: Kysely<Database>) =>
    (
      await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements WHERE name LIKE 'perch_%'`.execute(
        conn,
      )
    ).rows.map((r) => r.statement);

  it('runs a repeated statement as a named prepared statement with the same results', async () => {
    const results: number[][] = [];
    await handle.db.connection().execute(async (conn) => {
      for (let i = 1; i <= 4; i++)
        results.push(
          (await sql<{ a: number }>`SELECT a FROM names_test WHERE a <= ${i} ORDER BY a`.execute(conn)).rows.map(
            (r) => r.a,
          ),
        );
      expect((await preparedOn(conn)).some((s) => s.includes('FROM names_test WHERE a <='))).toBe(true);
    });
    expect(results).toEqual([[1], [1, 2], [1, 2, 3], [1, 2, 3]]);
  });

  it('runs named statements inside a transaction that rolls back', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 4; i++) await sql`INSERT INTO names_test VALUES (${10 + i})`.execute(trx);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM names_test WHERE a >= ${10}`.execute(
      handle.db,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('prepares a statement again after its table changed shape, failing only the request that met it', async () => {
    const star = (a: number) =>
      sql<Record<string, unknown>>`SELECT * FROM names_test WHERE a = ${a}`.execute(handle.db);
    // Queries one after another reuse the pool's last idle connection: this one prepares it.
    for (let i = 0; i < 5; i++) expect((await star(1)).rows).toEqual([{ a: 1 }]);
    await sql`ALTER TABLE names_test ADD COLUMN b int NOT NULL DEFAULT 7`.execute(handle.db);
    const failure = await star(1).then(
      () => null,
      (e: unknown) => e,
    );
    // A retryable outage (503), not a server error.
    expect(failure).not.toBeNull();
    expect(isDatabaseUnavailable(failure)).toBe(true);
    // The text is prepared afresh under a new name: the new shape from the next run on.
    for (let i = 0; i < 5; i++) expect((await star(2)).rows).toEqual([{ a: 2, b: 7 }]);
  });
});
