import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's walls, checked on every source file's imports (docs/architecture.md draws them):
 *
 * - a feature is a folder `<domain>/<feature>/`; other code uses it only through its face,
 *   `<domain>/<feature>/index.ts`. Storage, presenters and internals stay private, so a change
 *   inside a feature cannot break another one unnoticed. Tests follow the same rule; what they
 *   need of other features' internals, `test-support/feature-internals.ts` lists.
 * - the layers under the features (`http/`, `db/`, `lib/`, and `context.ts`, `app-context.ts`,
 *   `config.ts`, `access.ts`) import no feature: features register what those layers need
 *   (frame origins, credential checks, booking hooks) from the composition root (`app.ts`,
 *   `deps.ts`, `main.ts`, `bootstrap.ts`) or from `jobs/`, which may use any face.
 * - route files only map endpoints to operations: no SQL in them.
 * - no import circles between source files, faces included: as a face imports its whole feature,
 *   this also keeps features from depending on each other in a circle. docs/architecture.md shows
 *   the order they stand in.
 */

const THIS_FILE = fileURLToPath(import.meta.url);
const SRC = dirname(THIS_FILE);
export const DOMAINS = ['booking', 'identity', 'organization', 'messaging', 'system'] as const;
const LOWER_LAYERS = ['http', 'db', 'lib'];
const LOWER_FILES = ['context.ts', 'app-context.ts', 'config.ts', 'access.ts'];

interface SourceFile {
  /** Path relative to `src/`, with `/`. */
  path: string;
  source: string;
}

const rel = (abs: string) => relative(SRC, abs).split(sep).join('/');
const isTest = (path: string) => /\.test\.ts$/.test(path) || path.startsWith('test-support/');

/** `booking/bookings/write.ts` → `booking/bookings`; code outside a feature → undefined. */
function featureOf(path: string): string | undefined {
  const parts = path.split('/');
  return (DOMAINS as readonly string[]).includes(parts[0]!) && parts.length >= 3
    ? `${parts[0]}/${parts[1]}`
    : undefined;
}
const faceOf = (feature: string) => `${feature}/index.ts`;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

interface Import {
  target: string;
  /** The names imported (empty for `import '…'`, `import * as` and `import()`). */
  names: string[];
}

/** Relative imports and re-exports of a file (static and dynamic), resolved to `src/` paths. */
function importsOf(file: SourceFile, exists: (path: string) => boolean): Import[] {
  const found: Import[] = [];
  const add = (specifier: string, names: string[]) => {
    if (!specifier.startsWith('.')) return;
    const base = rel(resolve(SRC, dirname(file.path), specifier)).replace(/\.js$/, '');
    const target = [`${base}.ts`, `${base}/index.ts`].find(exists);
    if (target) found.push({ target, names });
  };
  const statement = /(?:^|[;\n])\s*(?:import|export)\s+(?:type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const m of file.source.matchAll(statement)) {
    const braces = /\{([^}]*)\}/.exec(m[1]!)?.[1] ?? '';
    const names = braces
      .split(',')
      .map((n) =>
        n
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim(),
      )
      .filter(Boolean);
    add(m[2]!, names);
  }
  for (const m of file.source.matchAll(/(?:^|[;\n])\s*import\s+['"]([^'"]+)['"]/g)) add(m[1]!, []);
  for (const m of file.source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) add(m[1]!, []);
  return found;
}

/** Imports that go around a face or point from a lower layer up into a feature. */
export function fenceBreaches(files: readonly SourceFile[], exists: (path: string) => boolean): string[] {
  const breaches: string[] = [];
  for (const file of files) {
    // The test harness assembles servers from every feature's internals on purpose.
    if (file.path.startsWith('test-support/')) continue;
    const mine = featureOf(file.path);
    const top = file.path.split('/')[0]!;
    const lower = LOWER_LAYERS.includes(top) || LOWER_FILES.includes(file.path);
    for (const { target } of importsOf(file, exists)) {
      const theirs = featureOf(target);
      if (!theirs || theirs === mine) continue;
      if (lower && !isTest(file.path)) {
        breaches.push(
          `${file.path} imports ${target}: ${top}/ sits under the features and may not use one; ` +
            'let the feature register what it needs from app.ts or deps.ts',
        );
      } else if (target !== faceOf(theirs)) {
        breaches.push(
          `${file.path} imports ${target}, inside ${theirs}: import it from ${faceOf(theirs)} ` +
            '(export it there if it is meant for other features)',
        );
      }
    }
  }
  return breaches;
}

/** Route files that query the database themselves instead of calling an operation. */
export function sqlInRoutes(files: readonly SourceFile[]): string[] {
  const query = /\.(selectFrom|insertInto|updateTable|deleteFrom)\(|\bsql`/;
  return files
    .filter((f) => /(^|\/)routes\.ts$/.test(f.path) && query.test(f.source))
    .map((f) => `${f.path} queries the database: move the query into an operation of its feature`);
}

/** Import circles between non-test source files, each as its files in the order the search met them. */
export function importCircles(files: readonly SourceFile[], exists: (path: string) => boolean): string[] {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    if (isTest(file.path)) continue;
    graph.set(
      file.path,
      importsOf(file, exists)
        .map((i) => i.target)
        .filter((t) => !isTest(t)),
    );
  }
  // Tarjan's strongly connected components; each one with more than one file is a circle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const members: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      members.push(w);
    } while (w !== v);
    if (members.length > 1 || (graph.get(v) ?? []).includes(v))
      circles.push([...members.reverse(), members[0]].join(' → '));
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
}

const files: SourceFile[] = sourceFiles(SRC)
  .filter((abs) => abs !== THIS_FILE)
  .map((abs) => ({ path: rel(abs), source: readFileSync(abs, 'utf8') }));
const onDisk = (path: string) => existsSync(join(SRC, path));

describe('the server’s walls', () => {
  it('finds the features and their faces', () => {
    const features = new Set(files.map((f) => featureOf(f.path)).filter(Boolean));
    expect(features.size).toBeGreaterThan(20);
    for (const feature of features) expect(onDisk(faceOf(feature!)), `${feature} has no index.ts`).toBe(true);
  });

  it('lets features use each other only through their faces, and no lower layer use a feature', () => {
    expect(fenceBreaches(files, onDisk)).toEqual([]);
  });

  it('keeps SQL out of route files', () => {
    expect(sqlInRoutes(files)).toEqual([]);
    expect(
      sqlInRoutes([
        { path: 'messaging/calendar/routes.ts', source: "await deps.db.selectFrom('bookings')" },
        { path: 'messaging/calendar/feed.ts', source: "await deps.db.selectFrom('bookings')" },
      ]),
    ).toEqual(['messaging/calendar/routes.ts queries the database: move the query into an operation of its feature']);
  });

  it('has no import circles', () => {
    expect(importCircles(files, onDisk)).toEqual([]);
  });

  it('names the import and the face to use when a wall is crossed', () => {
    const sample: SourceFile[] = [
      { path: 'identity/auth/login.ts', source: "import { findUser } from '../users/repo.js';" },
      { path: 'http/authenticate.ts', source: "import type { X } from '../organization/settings/index.js';" },
      { path: 'db/transaction.ts', source: "export { y } from '../booking/bookings/write.js';" },
      { path: 'identity/auth/routes.ts', source: "import { findUser } from '../users/index.js';" },
      { path: 'identity/auth/x.test.ts', source: "const m = await import('../users/repo.js');" },
    ];
    const exists = (p: string) =>
      [
        'identity/users/repo.ts',
        'identity/users/index.ts',
        'organization/settings/index.ts',
        'booking/bookings/write.ts',
      ].includes(p);
    expect(fenceBreaches(sample, exists)).toEqual([
      'identity/auth/login.ts imports identity/users/repo.ts, inside identity/users: import it from identity/users/index.ts (export it there if it is meant for other features)',
      'http/authenticate.ts imports organization/settings/index.ts: http/ sits under the features and may not use one; let the feature register what it needs from app.ts or deps.ts',
      'db/transaction.ts imports booking/bookings/write.ts: db/ sits under the features and may not use one; let the feature register what it needs from app.ts or deps.ts',
      'identity/auth/x.test.ts imports identity/users/repo.ts, inside identity/users: import it from identity/users/index.ts (export it there if it is meant for other features)',
    ]);
  });

  it('sees a circle, through a face too', () => {
    const sample: SourceFile[] = [
      { path: 'context.ts', source: "import type { Hook } from './booking/bookings/index.js';" },
      { path: 'booking/bookings/index.ts', source: "export { type Hook, write } from './write.js';" },
      { path: 'booking/bookings/write.ts', source: "import { inTransaction } from '../../db/transaction.js';" },
      { path: 'db/transaction.ts', source: "import type { Deps } from '../context.js';" },
      { path: 'lib/a.ts', source: "import { b } from './b.js';" },
      { path: 'lib/b.ts', source: "export const b = 1;\nimport './c.js';" },
      { path: 'lib/c.ts', source: 'export const c = 1;' },
    ];
    const exists = (p: string) => sample.some((f) => f.path === p);
    expect(importCircles(sample, exists)).toEqual([
      'context.ts → booking/bookings/index.ts → booking/bookings/write.ts → db/transaction.ts → context.ts',
    ]);
  });
});
