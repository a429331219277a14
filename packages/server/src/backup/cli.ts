import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { DataDirLockedError, isAlive } from '../db/connection.js';
import { readMigrations } from '../db/migrate.js';
import { backupDataDir, BackupError, defaultBackupPath, lockHolder, restoreBackup } from './archive.js';
import { requestBackup } from './requests.js';

/**
 * `npm run backup [-- --out FILE] [--data-dir DIR]` and `npm run restore -- FILE [--data-dir DIR]`
 * for the embedded database (docs/operations.md "Backups and restore"). Runs from the compiled server (dist),
 * so it works in a production install without dev dependencies.
 * Exit codes: 0 done, 1 failed, 2 refused (bad arguments, PostgreSQL configured, a folder in use
 * or not empty, a file that is not a backup).
 */

const USAGE = `Usage:
  npm run backup [-- --out FILE] [--data-dir DIR]
      Backs up the embedded database, also while the server runs. FILE defaults to
      DATA_DIR/backups/perch-YYYYMMDD-HHMMSS.tar.gz (a name ending in .tar: uncompressed).
  npm run restore -- FILE [--data-dir DIR]
      Restores a backup into DIR (default DATA_DIR), which must not exist or be empty.
`;

/** Paths on the command line are the caller's: npm runs scripts in the repository root. */
const fromCaller = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function dataDirOf(given: string | undefined, command: string): string {
  if (given) return fromCaller(given);
  const config = loadConfig();
  if (config.databaseUrl)
    throw new BackupError(
      `DATABASE_URL is set: this installation keeps its data in PostgreSQL, which ${command} does not cover. ` +
        'Use pg_dump -Fc and pg_restore (docs/operations.md, "Backups and restore").',
      2,
    );
  return config.dataDir;
}

async function backup(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { out: { type: 'string' }, 'data-dir': { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new BackupError(`Unexpected argument ${positionals[0]}.\n\n${USAGE}`, 2);
  const dataDir = dataDirOf(values['data-dir'], 'npm run backup');
  const out = values.out ? fromCaller(values.out) : defaultBackupPath(dataDir);
  if (fs.existsSync(out)) throw new BackupError(`${out} already exists: choose another name.`, 2);
  const pid = lockHolder(dataDir);
  if (pid && pid !== process.pid && isAlive(pid)) {
    const done = await requestBackup(dataDir, pid, out);
    process.stdout.write(
      `Backup written by the running server (pid ${pid}) in ${(done.ms / 1000).toFixed(1)} s:\n` +
        `  ${done.path} (${megabytes(done.size)})\n`,
    );
    return;
  }
  const started = Date.now();
  const size = await backupDataDir(dataDir, out);
  process.stdout.write(
    `Backup written from ${dataDir} (no server was running) in ${((Date.now() - started) / 1000).toFixed(1)} s:\n` +
      `  ${out} (${megabytes(size)})\n`,
  );
}

async function restore(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { 'data-dir': { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new BackupError(`Name one backup file to restore.\n\n${USAGE}`, 2);
  const file = fromCaller(positionals[0] as string);
  const dataDir = dataDirOf(values['data-dir'], 'npm run restore');
  const started = Date.now();
  const r = await restoreBackup(file, dataDir);
  const known = Math.max(0, ...readMigrations().map((m) => m.version));
  process.stdout.write(
    `Restored ${file} into ${dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${r.organizations} organisation(s), ${r.users} user(s), ${r.bookings} booking(s), schema ${r.schema}.\n`,
  );
  if (r.schema > known)
    process.stdout.write(
      `Note: the backup was taken by a newer version of Perch (schema ${r.schema}, this version knows up to ${known}): ` +
        'start that version on it.\n',
    );
  else
    process.stdout.write(
      values['data-dir'] ? `Start Perch with DATA_DIR=${dataDir} to use it.\n` : 'Start Perch to use it.\n',
    );
}

/** Runs `backup …` or `restore …`; returns the exit code. */
export async function runBackupCommand(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  try {
    if (command === 'backup') await backup(args);
    else if (command === 'restore') await restore(args);
    else throw new BackupError(USAGE, 2);
    return 0;
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    const badArguments = typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
    const refused = badArguments || e instanceof ConfigError || e instanceof DataDirLockedError;
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(
      `Perch ${command === 'restore' ? 'restore' : 'backup'}: ${badArguments ? `${message}\n\n${USAGE}` : message}\n`,
    );
    return e instanceof BackupError ? e.exitCode : refused ? 2 : 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // Archives, request files and a restored data folder are this user's alone, as the server's are.
  process.umask(0o077);
  // Exit at once: a closed PGlite can leave a timer of its own behind for seconds.
  process.exit(await runBackupCommand(process.argv.slice(2)));
}
