import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isAlive } from '../db/connection.js';
import { BackupError, writeArchive } from './archive.js';

/**
 * How `npm run backup` gets a copy of the embedded database from the server that holds it
 * (a second process must never open a PGlite folder in use):
 *
 * - The server keeps DATA_DIR/backup-requests/ (mode 0700) with `server.json`, `{pid, protocol}`,
 *   while it runs: the promise that this process answers requests.
 * - The backup command writes `<id>.request.json`, `{out}` (an absolute path), there and sends
 *   the server SIGUSR2. Only the server's own user (or root) may signal it, and the server also
 *   ignores request files another user wrote.
 * - The server takes each request at once (renames it `<id>.taken.json`), writes the archives one
 *   after the other (archive.ts: a temporary name, then a rename) and answers each with
 *   `<id>.result.json`: `{ok, path, size, ms}` or `{ok, error}`.
 * - The command waits for that answer as long as the server lives.
 *
 * A signal alone could not say where to write; a request file alone would need polling.
 * Without `server.json` (another program's pid in a stale lock, an older Perch) nothing is
 * signalled: SIGUSR2 ends a process that does not handle it. For the same reason `server.json`
 * carries the process's start time where the system tells it (Linux): a server killed with
 * SIGKILL leaves it behind, and a process that later got the same pid has another start time.
 */
export const PROTOCOL = 1;
const REQUESTS = 'backup-requests';
const MARKER = 'server.json';

export interface BackupLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

type Answer = { ok: true; path: string; size: number; ms: number } | { ok: false; error: string };

/** When the process started, in clock ticks since boot (Linux); undefined elsewhere or when it is gone. */
function startTime(pid: number | 'self'): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) state ppid …": the start time is field 22, the 20th after the command.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function writeAtomically(file: string, content: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, content, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

/**
 * Answers backup requests while the server runs (embedded database only). `dump` is the
 * handle's dumpDataDir. Returns a function that stops answering (call it at shutdown, before
 * closing the database): it resolves once a backup under way is written.
 */
export function serveBackupRequests(
  dataDir: string,
  dump: () => Promise<Uint8Array>,
  log: BackupLog,
): () => Promise<void> {
  const dir = path.join(dataDir, REQUESTS);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Left from an earlier run: nobody waits for those any more.
  for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f), { force: true, recursive: true });
  const marker = path.join(dir, MARKER);
  writeAtomically(marker, JSON.stringify({ pid: process.pid, protocol: PROTOCOL, started: startTime('self') }));

  const answer = async (id: string): Promise<void> => {
    const file = path.join(dir, `${id}.taken.json`);
    let result: Answer;
    try {
      let owner: number, raw: string;
      try {
        owner = fs.statSync(file).uid;
        raw = fs.readFileSync(file, 'utf8');
      } finally {
        fs.rmSync(file, { force: true });
      }
      const uid = process.getuid?.();
      if (uid !== undefined && uid !== 0 && owner !== uid) throw new Error('the request was written by another user');
      const { out } = JSON.parse(raw) as { out?: unknown };
      if (typeof out !== 'string' || !path.isAbsolute(out)) throw new Error('the request names no absolute path');
      const started = Date.now();
      const size = await writeArchive(await dump(), out);
      result = { ok: true, path: out, size, ms: Date.now() - started };
      log.info({ path: out, size, ms: result.ms }, 'backup written');
    } catch (e) {
      result = { ok: false, error: e instanceof Error ? e.message : String(e) };
      log.error({ reason: result.error }, 'backup failed');
    }
    try {
      writeAtomically(path.join(dir, `${id}.result.json`), JSON.stringify(result));
    } catch (e) {
      log.error({ reason: (e as Error).message }, 'could not answer a backup request');
    }
  };

  const waiting = (suffix: string) =>
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(suffix))
      .map((f) => f.slice(0, -suffix.length))
      .sort();
  let busy: Promise<void> | undefined;
  let stopped = false;
  const work = async (): Promise<void> => {
    try {
      // Taken at once, also while another backup is being written: the command sees its request
      // taken (the file renamed) and waits for the answer as long as this process lives.
      for (const id of waiting('.request.json'))
        fs.renameSync(path.join(dir, `${id}.request.json`), path.join(dir, `${id}.taken.json`));
    } catch (e) {
      log.error({ reason: (e as Error).message }, 'backup requests could not be read');
    }
    if (busy || stopped) return;
    let done = () => {};
    busy = new Promise<void>((resolve) => (done = resolve));
    try {
      for (let ids = waiting('.taken.json'); ids.length > 0 && !stopped; ids = waiting('.taken.json'))
        for (const id of ids) if (!stopped) await answer(id);
    } catch (e) {
      log.error({ reason: (e as Error).message }, 'backup requests could not be read');
    } finally {
      busy = undefined;
      done();
    }
  };
  const onSignal = (): void => void work();
  process.on('SIGUSR2', onSignal);
  return async () => {
    stopped = true;
    process.off('SIGUSR2', onSignal);
    await busy;
    try {
      if ((JSON.parse(fs.readFileSync(marker, 'utf8')) as { pid?: number }).pid === process.pid) fs.rmSync(marker);
    } catch {
      /* already gone */
    }
  };
}

export interface BackupByServer {
  path: string;
  size: number;
  ms: number;
}

/**
 * Asks the server `pid`, which holds the data folder, to write a backup to `out` (absolute) and
 * waits for its answer. Throws BackupError when it does not take requests, stops, or fails.
 */
export async function requestBackup(
  dataDir: string,
  pid: number,
  out: string,
  opts: { timeoutMs?: number; pickupMs?: number } = {},
): Promise<BackupByServer> {
  const dir = path.join(dataDir, REQUESTS);
  let marker: { pid?: number; protocol?: number; started?: string } = {};
  try {
    marker = JSON.parse(fs.readFileSync(path.join(dir, MARKER), 'utf8')) as typeof marker;
  } catch {
    /* no marker: see below */
  }
  if (marker.pid !== pid || marker.protocol !== PROTOCOL || marker.started !== startTime(pid))
    throw new BackupError(
      `The data folder ${dataDir} is held by process ${pid}, which does not take backup requests ` +
        '(still starting, or an older Perch version?). Stop the server and run the backup again: it then reads the folder itself. ' +
        `If no Perch server runs, the lock is stale: remove ${path.join(dataDir, 'perch.lock')}.`,
      2,
    );
  const id = `${Date.now()}-${randomBytes(6).toString('hex')}`;
  const request = path.join(dir, `${id}.request.json`);
  const answer = path.join(dir, `${id}.result.json`);
  writeAtomically(request, JSON.stringify({ out }));
  try {
    process.kill(pid, 'SIGUSR2');
  } catch (e) {
    fs.rmSync(request, { force: true });
    const code = (e as NodeJS.ErrnoException).code;
    throw new BackupError(
      code === 'EPERM'
        ? `The Perch server (pid ${pid}) runs as another user: run the backup as that user.`
        : `Could not reach the Perch server (pid ${pid}): ${(e as Error).message}`,
      code === 'EPERM' ? 2 : 1,
    );
  }
  const started = Date.now();
  const timeoutMs = opts.timeoutMs ?? 30 * 60_000;
  const pickupMs = opts.pickupMs ?? 15_000;
  for (;;) {
    if (fs.existsSync(answer)) {
      const result = JSON.parse(fs.readFileSync(answer, 'utf8')) as Answer;
      fs.rmSync(answer, { force: true });
      if (!result.ok)
        throw new BackupError(`The Perch server (pid ${pid}) could not write the backup: ${result.error}`);
      return { path: result.path, size: result.size, ms: result.ms };
    }
    const waited = Date.now() - started;
    const pending = fs.existsSync(request);
    if (!isAlive(pid) || (pending && waited > pickupMs) || waited > timeoutMs) {
      fs.rmSync(request, { force: true });
      throw new BackupError(
        !isAlive(pid)
          ? `The Perch server (pid ${pid}) stopped before it wrote the backup.`
          : pending
            ? `The Perch server (pid ${pid}) did not take the backup request within ${pickupMs / 1000} s.`
            : `The Perch server (pid ${pid}) did not finish the backup within ${timeoutMs / 1000} s.`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
