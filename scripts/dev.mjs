#!/usr/bin/env node
// `npm run dev`: the server (restarting on change) and the Vite dev server with its API proxy.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contract', 'packages/client'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'packages/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CORS_ORIGINS: process.env.CORS_ORIGINS ?? 'http://localhost:5173' },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: path.join(root, 'packages/web'),
    stdio: 'inherit',
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', () => {
    stop();
    process.exit(0);
  });
