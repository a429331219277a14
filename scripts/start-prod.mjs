#!/usr/bin/env node
// `npm run start:prod`: runs the prebuilt server, which serves the prebuilt web app. No build step:
// it needs only the production dependencies (`npm ci --omit=dev`). The build comes from
// `npm run build` or from a release tarball (`npm run release`).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fail = (message) => {
  process.stderr.write(`Perch: ${message}\n`);
  process.exit(1);
};

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19))
  fail(`Node.js 20.19 or newer is required (this is ${process.version}).`);

const main = path.join(root, 'packages/server/dist/main.js');
// The server resolves WEB_DIST_DIR against the working directory, as done here.
const webDist = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.join(root, 'packages/web/dist');
const shown = (file) => (path.relative(root, file).startsWith('..') ? file : path.relative(root, file));
const missing = [];
if (!fs.existsSync(main)) missing.push(`${shown(main)} (the compiled server)`);
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  missing.push(`${shown(path.join(webDist, 'index.html'))} (the built web app)`);
}
if (missing.length > 0) {
  fail(
    `cannot start, the build is missing:\n${missing.map((m) => `  - ${m}\n`).join('')}` +
      'Run `npm run build` first, or use a release tarball (`npm run release`). `npm start` builds by itself.',
  );
}

try {
  // In this process: signals (SIGTERM from systemd or Docker) reach the server directly.
  await import(pathToFileURL(main).href);
} catch (err) {
  if (err?.code === 'ERR_MODULE_NOT_FOUND' && /Cannot find package/.test(err.message)) {
    fail(`${err.message}\nThe dependencies are not installed: run \`npm ci --omit=dev\` in ${root}.`);
  }
  throw err;
}
