import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database's folder is its user's alone: folders 0700, files 0600. It holds every
 * password hash and, without CRYPT_KEY, the key of the stored secrets; PGlite writes most of its
 * files 0666 whatever the umask, so the modes are set again each time the database is opened.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** What Perch keeps in DATA_DIR; nothing else there is touched (DATA_DIR may be shared by mistake). */
const OWN_ENTRIES = ['pgdata', 'perch.lock', 'backups', 'backup-requests'];

/**
 * Narrows DATA_DIR and what Perch keeps in it to the owner. Returns the paths it could not
 * change (another user's files), for a warning; never fails the start for them.
 */
export function makeDataDirPrivate(dataDir: string): string[] {
  const failed: string[] = [];
  const narrow = (p: string, recurse: boolean): void => {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch {
      return; // gone meanwhile, or never there
    }
    if (st.isSymbolicLink()) return;
    const mode = st.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((st.mode & 0o777) !== mode) {
      try {
        fs.chmodSync(p, mode);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') failed.push(p);
      }
    }
    if (recurse && st.isDirectory()) {
      let entries: string[] = [];
      try {
        entries = fs.readdirSync(p);
      } catch {
        /* unreadable or gone: nothing to narrow below it */
      }
      for (const e of entries) narrow(path.join(p, e), true);
    }
  };
  narrow(dataDir, false);
  for (const entry of OWN_ENTRIES) narrow(path.join(dataDir, entry), true);
  return failed;
}
