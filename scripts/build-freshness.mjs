// When a build is out of date: the newest source file of the workspaces it is built from.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time of any file below `dir` (skipping build output). */
function newest(dir) {
  let t = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

/** Newest modification time among the `src` folders of the given workspaces (contract, web …). */
export const newestSourceOf = (...workspaces) =>
  Math.max(...workspaces.map((w) => newest(path.join(root, 'packages', w, 'src'))));

/** A file's modification time, 0 when it does not exist. */
export const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
