#!/usr/bin/env node
// Checks that the compiled server needs nothing but production dependencies: every package that
// a shipped JavaScript file of a workspace imports must be a Node.js built-in or one of that
// workspace's `dependencies` (not a devDependency, not one that happens to be hoisted), and, with
// `--installed`, be present in node_modules below the release folder.
//
//   node scripts/check-runtime-deps.mjs <release folder> [--installed]
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspaces whose compiled output runs on the server, with the folders that hold it. */
export const RUNTIME_WORKSPACES = [
  { dir: 'packages/contract', output: 'dist' },
  { dir: 'packages/server', output: 'dist' },
];

const builtins = new Set(builtinModules);

/** Bare specifiers imported by a compiled ES module (static and dynamic imports, re-exports, requires). */
export function importsOf(source) {
  const found = new Set();
  const patterns = [
    /^\s*(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) found.add(m[1]);
  return [...found].filter((s) => !s.startsWith('.') && !s.startsWith('/') && !s.startsWith('file:'));
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
export const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const isBuiltin = (specifier) => specifier.startsWith('node:') || builtins.has(packageOf(specifier));

function* jsFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* jsFiles(p);
    else if (/\.(m?js|cjs)$/.test(entry.name)) yield p;
  }
}

/** Whether `name` is installed where Node.js would find it from `fromDir`, without leaving `root`. */
function installed(name, fromDir, root) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'node_modules', name, 'package.json'))) return true;
    if (dir === root || !dir.startsWith(root)) return false;
  }
}

/** Problems found in the release folder `root` (empty when every runtime import is a production dependency). */
export function checkRuntimeDeps(root, { checkInstalled = false } = {}) {
  const problems = [];
  let files = 0;
  for (const ws of RUNTIME_WORKSPACES) {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, ws.dir, 'package.json'), 'utf8'));
    const declared = new Set(Object.keys(pkg.dependencies ?? {}));
    const outputDir = path.join(root, ws.dir, ws.output);
    if (!fs.existsSync(outputDir)) {
      problems.push(`${ws.dir}/${ws.output} is missing`);
      continue;
    }
    for (const file of jsFiles(outputDir)) {
      files += 1;
      const rel = path.relative(root, file);
      for (const specifier of importsOf(fs.readFileSync(file, 'utf8'))) {
        if (isBuiltin(specifier)) continue;
        const name = packageOf(specifier);
        if (name === pkg.name) continue;
        if (!declared.has(name)) {
          const kind = pkg.devDependencies?.[name] ? 'a devDependency' : 'not a dependency';
          problems.push(`${rel} imports '${specifier}', which is ${kind} of ${pkg.name}`);
        } else if (checkInstalled && !installed(name, path.dirname(file), path.resolve(root))) {
          problems.push(`${rel} imports '${specifier}', which is not installed`);
        }
      }
    }
  }
  return { files, problems };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const root = args.find((a) => !a.startsWith('--'));
  if (!root) {
    process.stderr.write('usage: check-runtime-deps.mjs <release folder> [--installed]\n');
    process.exit(2);
  }
  const { files, problems } = checkRuntimeDeps(path.resolve(root), { checkInstalled: args.includes('--installed') });
  if (problems.length > 0) {
    process.stderr.write(`Runtime dependency check failed:\n${problems.map((p) => `  - ${p}\n`).join('')}`);
    process.exit(1);
  }
  process.stdout.write(`Runtime dependency check: ${files} files import only production dependencies.\n`);
}
