import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './process.js';

/**
 * A PostgreSQL server of its own, for tests that stop, crash and restart the database under
 * a running Perch (which must not disturb the shared test database). Uses the PostgreSQL
 * server binaries of the machine (Debian's `postgresql` package); as root it runs them as the
 * `postgres` user.
 */
export interface PostgresCluster {
  /** The connection URL of the `postgres` database. */
  url: string;
  port: number;
  /** Stops the server: `fast` (clients are disconnected) or `immediate` (a crash). */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  /** Stops the server and removes its data. */
  destroy(): void;
}

function serverBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((v) => path.join(root, v, 'bin')).find((d) => fs.existsSync(path.join(d, 'initdb')));
  if (!bin) throw new Error('PostgreSQL server binaries not found: install the postgresql package (see .ci/run)');
  return bin;
}

const isRoot = process.getuid?.() === 0;

function runAsPostgres(file: string, args: string[]): void {
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  execFileSync(cmd, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = serverBinaries();
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-cluster-'));
  if (isRoot) execFileSync('chown', ['postgres', dir]);
  const pgCtl = path.join(bin, 'pg_ctl');
  runAsPostgres(path.join(bin, 'initdb'), ['--no-sync', '-A', 'trust', '-U', 'postgres', '-D', dir]);
  const start = () =>
    runAsPostgres(pgCtl, [
      '-D',
      dir,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      'start',
      '-o',
      `-p ${port} -k ${os.tmpdir()} -c listen_addresses=127.0.0.1 -c max_connections=100`,
    ]);
  const stop = (mode: 'fast' | 'immediate' = 'fast') => runAsPostgres(pgCtl, ['-D', dir, '-w', 'stop', '-m', mode]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    destroy: () => {
      try {
        stop('immediate');
      } catch {
        /* already stopped */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
