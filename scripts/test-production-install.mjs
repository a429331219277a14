#!/usr/bin/env node
// The production install, end to end: builds a release tarball from this working tree, unpacks it
// in an empty temporary folder (no sources, no node_modules), installs it with
// `npm ci --omit=dev`, starts `npm run start:prod` on a fresh embedded database and checks the
// health check, the web app and a signed-in API call; then stops it. Fails when the server needs
// a devDependency at run time (statically: every import of the compiled server; and for real: the
// server starts with the production dependencies only).
//
//   node scripts/test-production-install.mjs [--reuse-build] [--server-only] [--port <n>] [--keep]
//     --reuse-build  passed to the release script: keep a web build newer than its sources
//     --server-only  install with `npm ci --omit=dev --workspace @perch/server` (the Docker image's
//                    leaner install, without the web app's build-time packages)
//     --port         the server's port (default: a free one)
//     --keep         leave the temporary folder for a look
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkRuntimeDeps } from './check-runtime-deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const portArg = args.indexOf('--port');
const keep = args.includes('--keep');
const serverOnly = args.includes('--server-only');
const started = Date.now();
const seconds = (since = started) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const say = (line) => process.stdout.write(`production install: ${line}\n`);

class Failure extends Error {}
function check(ok, message) {
  if (!ok) throw new Failure(message);
}

/** Runs a command to its end; throws with its output when it fails (unless `expectFailure`). */
function run(cmd, cmdArgs, opts = {}) {
  const r = spawnSync(cmd, cmdArgs, { encoding: 'utf8', stdio: opts.capture ? 'pipe' : 'inherit', ...opts });
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (opts.expectFailure) {
    check(r.status !== 0, `${cmd} ${cmdArgs.join(' ')} should have failed:\n${out}`);
  } else check(r.status === 0, `${cmd} ${cmdArgs.join(' ')} failed (exit ${r.status}):\n${out}`);
  return out;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** The environment of the installed Perch: nothing that could point it at the development tree. */
function productionEnv(extra) {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (key.startsWith('npm_') || ['NODE_PATH', 'NODE_OPTIONS', 'DATABASE_URL', 'POSTGRES_URL'].includes(key)) {
      delete env[key];
    }
    if (key.startsWith('INIT_') || key === 'WEB_DIST_DIR' || key === 'DATA_DIR') delete env[key];
  }
  return { ...env, NODE_ENV: 'production', ...extra };
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-prod-install-'));
let server;

async function main() {
  // Node.js looks for packages in every folder above the app: none may hold a node_modules.
  for (let dir = path.dirname(work); ; dir = path.dirname(dir)) {
    check(!fs.existsSync(path.join(dir, 'node_modules')), `${dir}/node_modules would leak into the install`);
    if (dir === path.dirname(dir)) break;
  }

  say('building the release tarball…');
  run(
    process.execPath,
    [path.join(root, 'scripts/release.mjs'), '--out', work, ...args.filter((a) => a === '--reuse-build')],
    {
      cwd: root,
    },
  );
  const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version;
  const tarball = path.join(work, `perch-${version}.tar.gz`);
  run('tar', ['xzf', tarball, '-C', work]);
  const app = path.join(work, `perch-${version}`);

  // What the tarball holds: the build and what npm needs, no sources or tests.
  const files = fs.readdirSync(app, { recursive: true }).map((f) => f.split(path.sep).join('/'));
  for (const needed of [
    'package.json',
    'package-lock.json',
    'LICENSE',
    'README.md',
    'scripts/start-prod.mjs',
    'packages/server/dist/main.js',
    'packages/server/migrations/0001_core.sql',
    'packages/contract/dist/index.js',
    'packages/web/dist/index.html',
  ]) {
    check(files.includes(needed), `the tarball lacks ${needed}`);
  }
  const unwanted = files.filter((f) => /(^|\/)(src|node_modules|test-support)(\/|$)|\.test\.js$|\.ts$/.test(f));
  check(unwanted.length === 0, `the tarball holds files production does not need: ${unwanted.slice(0, 10).join(', ')}`);
  say(`the tarball holds ${files.length} entries (${(fs.statSync(tarball).size / 1024 / 1024).toFixed(1)} MB).`);

  // Before the install, start:prod says what is missing.
  const noDeps = run('npm', ['run', 'start:prod'], {
    cwd: app,
    env: productionEnv({}),
    capture: true,
    expectFailure: true,
  });
  check(noDeps.includes('npm ci --omit=dev'), `start:prod without dependencies should say to install them:\n${noDeps}`);

  const installStarted = Date.now();
  const install = [
    'ci',
    '--omit=dev',
    ...(serverOnly ? ['--workspace', '@perch/server'] : []),
    '--no-audit',
    '--no-fund',
  ];
  say(`npm ${install.join(' ')}…`);
  run('npm', install, { cwd: app, env: productionEnv({}) });
  say(`installed in ${seconds(installStarted)}.`);
  // (typescript may be there: an optional peer of i18next, a dependency of the web workspace.)
  for (const dev of ['vite', 'vitest', 'tsx', 'eslint', '@playwright/test', 'smtp-server', 'mailparser']) {
    check(!fs.existsSync(path.join(app, 'node_modules', dev)), `devDependency ${dev} was installed`);
  }

  // Statically: every import of the compiled server is a production dependency, and installed.
  const { files: checked, problems } = checkRuntimeDeps(app, { checkInstalled: true });
  check(problems.length === 0, `runtime imports outside the production dependencies:\n  ${problems.join('\n  ')}`);
  say(`${checked} compiled files import only installed production dependencies.`);
  // The check can fail: an import of a devDependency planted in the compiled server is caught,
  // and so is a production dependency missing from node_modules.
  const planted = path.join(app, 'packages/server/dist/planted-by-the-test.js');
  fs.writeFileSync(planted, "import { SMTPServer } from 'smtp-server';\nexport { SMTPServer };\n");
  const caught = checkRuntimeDeps(app, { checkInstalled: true }).problems;
  fs.rmSync(planted);
  check(
    caught.length === 1 && caught[0].includes("imports 'smtp-server', which is a devDependency of @perch/server"),
    `the planted devDependency import was not caught: ${JSON.stringify(caught)}`,
  );
  const qrcode = path.join(app, 'node_modules/qrcode');
  fs.renameSync(qrcode, `${qrcode}.off`);
  const missing = checkRuntimeDeps(app, { checkInstalled: true }).problems;
  fs.renameSync(`${qrcode}.off`, qrcode);
  check(
    missing.length > 0 && missing.every((p) => p.includes("imports 'qrcode', which is not installed")),
    `the missing qrcode package was not noticed: ${JSON.stringify(missing)}`,
  );

  // Without the web build, start:prod refuses with a clear message.
  const webDist = path.join(app, 'packages/web/dist');
  fs.renameSync(webDist, `${webDist}.off`);
  const noBuild = run('npm', ['run', 'start:prod'], {
    cwd: app,
    env: productionEnv({}),
    capture: true,
    expectFailure: true,
  });
  fs.renameSync(`${webDist}.off`, webDist);
  check(noBuild.includes('npm run build'), `start:prod without a build should say to build:\n${noBuild}`);

  // The real thing: npm run start:prod on a fresh embedded database.
  const port = portArg >= 0 ? Number(args[portArg + 1]) : await freePort();
  const base = `http://127.0.0.1:${port}`;
  const password = 'Prod!install1';
  const serverStarted = Date.now();
  let output = '';
  server = spawn('npm', ['run', 'start:prod'], {
    cwd: app,
    // Its own process group: stopping it stops npm and the server.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: productionEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      INIT_ADMIN_PASSWORD: password,
      LOG_LEVEL: 'warn',
    }),
  });
  server.stdout.on('data', (d) => (output += d));
  server.stderr.on('data', (d) => (output += d));
  for (const deadline = Date.now() + 90_000; ;) {
    check(server.exitCode === null, `start:prod exited with ${server.exitCode}:\n${output}`);
    const ok = await fetch(`${base}/healthcheck`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    check(Date.now() < deadline, `no healthy server after 90 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  say(`npm run start:prod answered /healthcheck after ${seconds(serverStarted)}.`);

  // The web app: /ui/ is the built index.html, and the script it loads is served.
  const index = await fetch(`${base}/ui/`);
  const html = await index.text();
  check(
    index.status === 200 && html === fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'),
    '/ui/ is not the built index.html',
  );
  const script = html.match(/<script[^>]+src="([^"]+)"/)?.[1];
  check(script !== undefined, 'index.html loads no script');
  const asset = await fetch(new URL(script, `${base}/ui/`));
  check(asset.status === 200 && /javascript/.test(asset.headers.get('content-type') ?? ''), `${script} is not served`);

  // The API: the first admin signs in with INIT_ADMIN_PASSWORD and reads their account and areas.
  const org = await (await fetch(`${base}/auth/singleorg`)).json();
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@perch.local', password, organizationId: org.organization.id }),
  });
  const loginBody = await login.text();
  check(login.status === 200, `sign-in answered ${login.status}: ${loginBody}`);
  const { accessToken } = JSON.parse(loginBody);
  const auth = { authorization: `Bearer ${accessToken}` };
  const me = await (await fetch(`${base}/user/me`, { headers: auth })).json();
  check(me.email === 'admin@perch.local', `/user/me answered ${JSON.stringify(me)}`);
  const locations = await fetch(`${base}/location/`, { headers: auth });
  const areas = await locations.json();
  check(
    locations.status === 200 && Array.isArray(areas) && areas.length > 0,
    `/location/ answered ${JSON.stringify(areas)}`,
  );
  say(`/ui/ serves the web app; ${me.email} signed in and read ${areas.length} area(s).`);

  // SIGTERM to the process group (as systemd and Docker do): npm and Perch stop within 15 s.
  process.kill(-server.pid, 'SIGTERM');
  const stopped = Date.now();
  const groupAlive = () => {
    try {
      process.kill(-server.pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  while (groupAlive()) {
    check(Date.now() - stopped < 15_000, `Perch did not stop within 15 s of SIGTERM:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  server = undefined;
  say(`stopped ${seconds(stopped)} after SIGTERM.`);
}

try {
  await main();
  say(`passed in ${seconds()}.`);
} catch (err) {
  process.stderr.write(`production install: FAILED: ${err instanceof Failure ? err.message : (err?.stack ?? err)}\n`);
  process.exitCode = 1;
} finally {
  if (server) {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  if (keep) say(`kept ${work}`);
  else fs.rmSync(work, { recursive: true, force: true });
}
