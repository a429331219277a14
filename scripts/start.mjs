#!/usr/bin/env node
// `npm start`: builds what is missing or out of date (saying so), then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mtime, newestSourceOf } from './build-freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** Runs a build step, printing what it does and how long it took; exits when it fails. */
function step(label, cmd, args, opts = {}) {
  const started = Date.now();
  process.stdout.write(`Perch: ${label}…\n`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.status !== 0) {
    process.stderr.write(`Perch: ${label} failed.\n`);
    process.exit(r.status ?? 1);
  }
  process.stdout.write(`Perch: done in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}

const serverBuilt = mtime(at('packages/server/dist/main.js'));
if (serverBuilt === 0 || serverBuilt < newestSourceOf('contract', 'client', 'server')) {
  const first = serverBuilt === 0 ? ' (first start only)' : '';
  step(`compiling the server${first}`, process.execPath, [
    at('node_modules/typescript/bin/tsc'),
    '-b',
    'packages/contract',
    'packages/client',
    'packages/server',
  ]);
  // tsc leaves unchanged outputs alone: mark the build as current for the next start.
  const now = new Date();
  fs.utimesSync(at('packages/server/dist/main.js'), now, now);
}

const webBuilt = mtime(at('packages/web/dist/index.html'));
if (webBuilt === 0 || webBuilt < newestSourceOf('web', 'contract', 'client')) {
  const first = webBuilt === 0 ? ' (first start only)' : '';
  step(
    `building the web app${first}`,
    process.execPath,
    [at('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'],
    {
      cwd: at('packages/web'),
    },
  );
}

const server = spawn(process.execPath, [at('packages/server/dist/main.js')], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
