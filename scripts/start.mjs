#!/usr/bin/env node
// `npm start`: builds what is missing or out of date, then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

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

const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
run(process.execPath, [tsc, '-b', 'packages/contract', 'packages/client', 'packages/server']);

const webDist = path.join(root, 'packages/web/dist/index.html');
const webSources = Math.max(
  newest(path.join(root, 'packages/web/src')),
  newest(path.join(root, 'packages/contract/src')),
  newest(path.join(root, 'packages/client/src')),
);
if (!fs.existsSync(webDist) || fs.statSync(webDist).mtimeMs < webSources) {
  run(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'packages/web'),
  });
}

const server = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
