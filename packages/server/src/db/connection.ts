import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { commitDeadlineClientClass } from './commit-deadline.js';
import {
  clientClassFor,
  NoWritableServerError,
  parseMultiHostUrl,
  PrimaryLocator,
  sessionIsWritable,
} from './multi-host.js';
import type { SqlTracer } from './sql-trace.js';
import { makeDataDirPrivate, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-files.js';
import { namingClientClass, StatementNames } from './statement-names.js';

export type Db = Kysely<Database>;

/**
 * Runs a named prepared statement: parsed and planned once per connection, then reused.
 * For the few queries on every request, where planning would cost more than executing.
 */
export type PreparedQuery = <Row>(name: string, text: string, values: unknown[]) => Promise<Row[]>;

/** The connection pool's numbers at this moment (pg.Pool's totalCount, idleCount, waitingCount). */
export interface PoolUsage {
  /** Open connections, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface DatabaseHandle {
  db: Db;
  engine: 'postgres' | 'pglite';
  prepared: PreparedQuery;
  /** The pool's current usage (read by the metrics at scrape time). */
  poolUsage(): PoolUsage;
  /** Runs a trivial query; throws when the database is unreachable. */
  ping(): Promise<void>;
  /**
   * The embedded database only: a consistent copy of its data folder as an uncompressed tar
   * archive, taken between two statements (see backup/archive.ts).
   */
  dumpDataDir?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

// Return int8 and numeric as numbers (counts fit comfortably) and keep timestamps as Dates.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** Something to tell when the database connection breaks (the server's logger). */
export type ConnectionErrorLog = (err: Error) => void;

/**
 * Opens a pool on PostgreSQL that survives the server going away: a broken connection is
 * logged and dropped (never an unhandled 'error' event, which would end the process), the
 * failing request answers 503, and new connections are made once PostgreSQL is back.
 * Connecting gives up after `connectTimeoutMs`, so no request waits longer for a dead host.
 */
export async function openPostgres(
  url: string,
  poolSize: number,
  opts: {
    connectTimeoutMs?: number;
    onConnectionError?: ConnectionErrorLog;
    /** Told when several hosts are given and new connections go to another one. */
    onPrimaryChange?: (server: string) => void;
    /**
     * Whether repeated statements run as named prepared statements (statement-names.ts); off
     * behind a connection pooler that does not keep them per session.
     */
    preparedStatements?: boolean;
    /**
     * How long a write's commit may wait for the database to confirm it (with synchronous
     * replication: for the standby) before the wait is cancelled and the write answers 503
     * (commit-deadline.ts); 0 waits for ever.
     */
    commitTimeoutMs?: number;
    tracer?: SqlTracer;
  } = {},
): Promise<DatabaseHandle> {
  const connectTimeoutMs = opts.connectTimeoutMs ?? 5000;
  const commitTimeoutMs = opts.commitTimeoutMs ?? 5000;
  const multiHost = parseMultiHostUrl(url);
  const locator = multiHost
    ? new PrimaryLocator(multiHost, Math.min(2000, connectTimeoutMs), (s) =>
        opts.onPrimaryChange?.(`${s.host}:${s.port}`),
      )
    : undefined;
  const onError: ConnectionErrorLog = (err) => {
    // The server went away: new connections look for the primary again.
    locator?.forget();
    opts.onConnectionError?.(err);
  };
  const located = locator ? clientClassFor(locator) : pg.Client;
  const pool = new pg.Pool({
    connectionString: multiHost?.singleHostUrl ?? url,
    Client: namingClientClass(
      commitTimeoutMs > 0 ? commitDeadlineClientClass(located, commitTimeoutMs, onError) : located,
      new StatementNames(opts.preparedStatements === false ? 0 : undefined),
    ),
    ...(locator
      ? {
          // The server found writable may have stepped down since: check every new session.
          onConnect:
            multiHost?.targetSessionAttrs === 'read-write'
              ? async (client: pg.ClientBase) => {
                  if (await sessionIsWritable(client, connectTimeoutMs)) return;
                  locator.forget((client as unknown as { server?: { host: string; port: number } }).server);
                  throw new NoWritableServerError('The PostgreSQL server is read-only now (failing over)');
                }
              : undefined,
        }
      : {}),
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    // The app's statements are short and their row estimates are often far off (a range over
    // months of bookings): JIT compiling them costs more than it saves. `options` in
    // DATABASE_URL, when given, takes the place of this.
    options: '-c jit=off',
  });
  // Idle clients: the pool removes them and re-emits the error here.
  pool.on('error', onError);
  // Checked-out clients emit on themselves; the query in flight is rejected as well, and the
  // pool drops the client when it is released.
  pool.on('connect', (client) => client.on('error', onError));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    ...(opts.tracer ? { log: opts.tracer.kysely } : {}),
  });
  return {
    db,
    engine: 'postgres',
    prepared: preparedOn(pool, opts.tracer),
    poolUsage: usageOf(pool),
    ping: async () => {
      await sql`SELECT 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

const usageOf = (pool: pg.Pool) => (): PoolUsage => ({
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

function preparedOn(pool: pg.Pool, tracer?: SqlTracer): PreparedQuery {
  if (!tracer)
    return async <Row>(name: string, text: string, values: unknown[]) =>
      (await pool.query({ name, text, values })).rows as Row[];
  return async <Row>(name: string, text: string, values: unknown[]) => {
    const started = performance.now();
    const { rows } = await pool.query({ name, text, values });
    tracer.record(text, values, performance.now() - started);
    return rows as Row[];
  };
}

export class DataDirLockedError extends Error {}

/**
 * Takes an exclusive lock file in the data folder. A second process opening the same
 * PGlite folder would silently corrupt it, so it is refused with a clear message.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const lockFile = path.join(dir, 'perch.lock');
  const tryCreate = (): boolean => {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx', mode: PRIVATE_FILE_MODE });
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e;
    }
  };
  if (!tryCreate()) {
    const pid = Number(fs.readFileSync(lockFile, 'utf8').trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DataDirLockedError(
        `The data folder ${dir} is in use by another Perch process (pid ${pid}). ` +
          'Stop it first, or use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.',
      );
    }
    // Stale lock from a process that is gone.
    fs.rmSync(lockFile, { force: true });
    if (!tryCreate()) throw new DataDirLockedError(`Could not lock the data folder ${dir}.`);
  }
  return () => {
    try {
      if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.rmSync(lockFile);
    } catch {
      /* already gone */
    }
  };
}

/** Whether a process with this id exists (owned by anyone: another user's answers EPERM). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Opens the embedded PostgreSQL (PGlite). `dataDir` undefined means in memory. `loadDataDir`
 * fills a new data folder from a backup archive (backup/archive.ts) instead of creating a database.
 */
export async function openPglite(
  dataDir: string | undefined,
  tracer?: SqlTracer,
  opts: { loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
    const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
    const pglite = await PGlite.create(dataDir ? path.join(dataDir, 'pgdata') : undefined, {
      extensions: { btree_gist },
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
    const notPrivate = dataDir ? makeDataDirPrivate(dataDir) : [];
    if (notPrivate.length > 0)
      process.stderr.write(
        `Warning: ${notPrivate.length} entries of ${dataDir} could not be made private to this user ` +
          `(e.g. ${notPrivate[0]}); give them to this user or narrow their modes yourself.\n`,
      );
    const pool = new pg.Pool({
      ...(createPgConfig(pglite) as unknown as pg.PoolConfig),
      Client: namingClientClass(pg.Client, new StatementNames()),
      max: 1,
    });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      ...(tracer ? { log: tracer.kysely } : {}),
    });
    return {
      db,
      engine: 'pglite',
      prepared: preparedOn(pool, tracer),
      poolUsage: usageOf(pool),
      ping: async () => {
        await sql`SELECT 1`.execute(db);
      },
      dumpDataDir: async () => {
        // The pool's only connection: while it is held no statement runs and no transaction is
        // open, so the copy is consistent; the checkpoint leaves nothing to replay when it is restored.
        const client = await pool.connect();
        try {
          await client.query('CHECKPOINT');
          return new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
        } finally {
          client.release();
        }
      },
      close: async () => {
        await db.destroy();
        await pglite.close();
        unlock();
      },
    };
  } catch (e) {
    unlock();
    throw e;
  }
}
