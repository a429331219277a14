#!/usr/bin/env node
// `npm run release`: builds Perch and packs what production needs into perch-<version>.tar.gz:
//   tar xzf perch-<version>.tar.gz && cd perch-<version> && npm ci --omit=dev && npm run start:prod
//
//   node scripts/release.mjs [--out <folder>] [--reuse-build]
//     --out          where the tarball goes (default: the repository root)
//     --reuse-build  keep a web app build that is newer than its sources (the server is always
//                    compiled; tsc only redoes what changed)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestSourceOf } from './build-freshness.mjs';
import { checkRuntimeDeps } from './check-runtime-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);
const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
// Relative to where `npm run release` was called (npm runs scripts in the package root).
const outDir = path.resolve(
  process.env.INIT_CWD ?? process.cwd(),
  outIndex >= 0 && args[outIndex + 1] ? args[outIndex + 1] : root,
);
const reuseBuild = args.includes('--reuse-build');
const tsc = at('node_modules/typescript/bin/tsc');

const say = (line) => process.stdout.write(`Perch release: ${line}\n`);
function fail(message) {
  process.stderr.write(`Perch release: ${message}\n`);
  process.exit(1);
}

/** Runs a step, printing what it does and how long it took; stops the release when it fails. */
function step(label, fn) {
  const started = Date.now();
  say(`${label}…`);
  const result = fn();
  say(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return result;
}

function run(cmd, cmdArgs, opts = {}) {
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', ...opts });
  if (r.status !== 0) fail(`${path.basename(cmd)} ${cmdArgs.join(' ')} failed.`);
}

/**
 * The compiled files of a TypeScript project, as tsc itself lists its sources: stale outputs of
 * deleted sources and excluded files (tests, test support) in dist stay out of the release.
 */
function compiledFiles(project) {
  const r = spawnSync(process.execPath, [tsc, '-p', project, '--listFilesOnly'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) fail(`tsc -p ${project} --listFilesOnly failed:\n${r.stdout}${r.stderr}`);
  const src = at(project, 'src') + path.sep;
  return r.stdout
    .split('\n')
    .map((line) => path.resolve(line.trim()))
    .filter((file) => file.startsWith(src) && !file.endsWith('.d.ts'))
    .map((file) => path.join(project, 'dist', path.relative(src, file).replace(/\.ts$/, '.js')));
}

function copy(rel, staging) {
  const from = at(rel);
  if (!fs.existsSync(from)) {
    fail(
      `${rel} is missing${rel.includes('/dist/') ? ': its source changed since the build, run the release again' : ''}.`,
    );
  }
  fs.cpSync(from, path.join(staging, rel), { recursive: true });
}

const pkg = JSON.parse(fs.readFileSync(at('package.json'), 'utf8'));
const name = `perch-${pkg.version}`;
const started = Date.now();

step('compiling the server (tsc -b packages/contract packages/client packages/server)', () =>
  run(process.execPath, [tsc, '-b', 'packages/contract', 'packages/client', 'packages/server']),
);
const webIndex = at('packages/web/dist/index.html');
const webCurrent =
  fs.existsSync(webIndex) && fs.statSync(webIndex).mtimeMs >= newestSourceOf('web', 'contract', 'client');
if (reuseBuild && webCurrent) say('the web app build is newer than its sources: reusing it (--reuse-build).');
else {
  step('building the web app (vite build)', () =>
    run(process.execPath, [at('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: at('packages/web'),
    }),
  );
}

const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-release-'));
const tree = path.join(staging, name);
process.on('exit', () => fs.rmSync(staging, { recursive: true, force: true }));
step('collecting the files production needs', () => {
  const list = [
    'package.json',
    'package-lock.json',
    '.npmrc',
    'README.md',
    'docs',
    'LICENSE',
    'CHANGELOG.md',
    'SECURITY.md',
    'scripts/start-prod.mjs',
    'deploy',
    // npm ci installs every workspace of the lock file: each needs its package.json.
    ...pkg.workspaces.map((ws) => `${ws}/package.json`),
    ...compiledFiles('packages/contract'),
    ...compiledFiles('packages/server'),
    'packages/server/migrations',
    'packages/web/dist',
  ];
  for (const rel of list) copy(rel, tree);
});

step('checking that the server imports only production dependencies', () => {
  const { files: checked, problems } = checkRuntimeDeps(tree);
  if (problems.length > 0) fail(`runtime imports outside the production dependencies:\n  ${problems.join('\n  ')}`);
  say(`  ${checked} compiled files checked.`);
});

const tarball = path.join(outDir, `${name}.tar.gz`);
const shown = path.relative(process.cwd(), tarball);
step(`writing ${shown.startsWith('..') ? tarball : shown}`, () => {
  fs.mkdirSync(outDir, { recursive: true });
  run('tar', ['--sort=name', '--owner=0', '--group=0', '--numeric-owner', '-czf', tarball, '-C', staging, name]);
});
const mb = (fs.statSync(tarball).size / 1024 / 1024).toFixed(1);
const files = fs.readdirSync(tree, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
say(`${tarball} (${mb} MB, ${files} files) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
say(`install: tar xzf ${name}.tar.gz && cd ${name} && npm ci --omit=dev && npm run start:prod`);
