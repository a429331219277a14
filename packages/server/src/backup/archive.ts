import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { isAlive, openPglite, type DatabaseHandle } from '../db/connection.js';
import { schemaVersion } from '../db/migrate.js';

/**
 * Backups of the embedded database: the data folder's `pgdata` as a tar archive, as PGlite's
 * dumpDataDir() writes it (a physical copy, taken between two statements right after a
 * checkpoint, see db/connection.ts), gzip-compressed unless the file name ends in `.tar`.
 * Restoring unpacks it into a new data folder with PGlite's loadDataDir.
 */

/** A backup or restore that cannot be done; `exitCode` 2 means it was refused (bad input, wrong state). */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** DATA_DIR/backups/perch-YYYYMMDD-HHMMSS.tar.gz, in local time. */
export function defaultBackupPath(dataDir: string, now = new Date()): string {
  const stamp =
    `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-` +
    `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return path.join(dataDir, 'backups', `perch-${stamp}.tar.gz`);
}

/** Whether the folder holds an embedded database (a data folder Perch has started on). */
export function hasDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'));
}

/**
 * Writes the archive to `out` (gzip unless it ends in `.tar`) under a temporary name, flushes it
 * to disk and renames it: `out` appears complete or not at all. Readable by its owner only (it
 * holds password hashes and, without CRYPT_KEY, the key of the stored secrets). Returns its size.
 */
export async function writeArchive(tar: Uint8Array, out: string): Promise<number> {
  if (fs.existsSync(out)) throw new BackupError(`${out} already exists: choose another name.`, 2);
  fs.mkdirSync(path.dirname(out), { recursive: true, mode: 0o700 });
  const tmp = `${out}.${process.pid}.partial`;
  const source = Readable.from([Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength)]);
  const sink = fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 });
  try {
    if (out.endsWith('.tar')) await pipeline(source, sink);
    else await pipeline(source, zlib.createGzip(), sink);
    const fd = fs.openSync(tmp, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, out);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
  return fs.statSync(out).size;
}

/** Copies the data folder of a stopped server (taking its lock while it does). */
export async function backupDataDir(dataDir: string, out: string): Promise<number> {
  if (!hasDatabase(dataDir)) throw new BackupError(`There is no Perch database in ${dataDir}.`, 2);
  const handle = await openPglite(dataDir);
  try {
    return await writeArchive(await (handle.dumpDataDir as () => Promise<Uint8Array>)(), out);
  } finally {
    await handle.close();
  }
}

/** The names in a tar archive (ustar headers: name, size, prefix). */
function tarNames(tar: Buffer): string[] {
  const names: string[] = [];
  const text = (from: number, len: number) => {
    const field = tar.subarray(from, from + len);
    const end = field.indexOf(0);
    return field.subarray(0, end < 0 ? len : end).toString('utf8');
  };
  for (let at = 0; at + 512 <= tar.length;) {
    const name = text(at, 100);
    if (!name) break;
    const prefix = text(at + 345, 155);
    names.push(prefix ? `${prefix}/${name}` : name);
    const size = parseInt(text(at + 124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) break;
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

/** Reads a backup archive (gzip or plain tar) and checks that it holds a database folder. */
export function readArchive(file: string): Blob {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist.`, 2);
  let data = fs.readFileSync(file);
  if (data[0] === 0x1f && data[1] === 0x8b) {
    try {
      data = zlib.gunzipSync(data);
    } catch {
      throw new BackupError(`${file} is not a Perch backup: it is not a readable gzip file.`, 2);
    }
  }
  if (!tarNames(data).some((n) => n.replace(/^\/+/, '') === 'PG_VERSION'))
    throw new BackupError(`${file} is not a Perch backup: it holds no database folder.`, 2);
  return new Blob([data], { type: 'application/x-tar' });
}

/** The process id in the data folder's lock file, when there is one. */
export function lockHolder(dataDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'perch.lock'), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export interface RestoreResult {
  /** The newest migration of the restored database. */
  schema: number;
  organizations: number;
  users: number;
  bookings: number;
}

/**
 * Restores a backup into a data folder that does not exist or is empty (anything else is refused:
 * a restore never overwrites data). On failure the folder is left as it was found.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<RestoreResult> {
  const existed = fs.existsSync(dataDir);
  if (existed) {
    const pid = lockHolder(dataDir);
    if (pid && pid !== process.pid && isAlive(pid))
      throw new BackupError(
        `The data folder ${dataDir} is in use by a running Perch server (pid ${pid}): stop it, then restore into a new, empty folder.`,
        2,
      );
    if (!fs.statSync(dataDir).isDirectory()) throw new BackupError(`${dataDir} is not a folder.`, 2);
    if (fs.readdirSync(dataDir).length > 0)
      throw new BackupError(
        `The data folder ${dataDir} is not empty: a restore never overwrites data. ` +
          'Restore into a new folder (--data-dir) and point DATA_DIR at it, or move the old folder away first.',
        2,
      );
  }
  const archive = readArchive(file);
  let handle: DatabaseHandle | undefined;
  try {
    const { db } = (handle = await openPglite(dataDir, undefined, { loadDataDir: archive }));
    const schema = await schemaVersion(db);
    if (schema === 0) throw new BackupError(`${file} is not a Perch backup: its database has no Perch schema.`, 2);
    const count = async (table: 'organizations' | 'users' | 'bookings') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const result = {
      schema,
      organizations: await count('organizations'),
      users: await count('users'),
      bookings: await count('bookings'),
    };
    await handle.close();
    return result;
  } catch (e) {
    await handle?.close().catch(() => {});
    // Leave the folder as it was: absent, or empty.
    if (!existed) fs.rmSync(dataDir, { recursive: true, force: true });
    else
      for (const entry of fs.readdirSync(dataDir))
        fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    throw e;
  }
}
