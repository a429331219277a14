import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The source layout's rules, checked on every file's imports:
 *
 * - a file under `features/<a>/` imports from `app/`, `shared/`, `i18n/`, `test-support/` and its
 *   own feature only (`admin/*` is one feature);
 * - `shared/` is for several features, so it imports no feature;
 * - runtime values of the contract come from `@perch/contract/values` (zod-free); the main entry
 *   is for `import type` only.
 */

const THIS_FILE = fileURLToPath(import.meta.url);
const SRC = resolve(dirname(THIS_FILE), '..');
const SHARED_ROOTS = ['app', 'shared', 'i18n', 'test-support'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** `features/search/map/MapSpace.tsx` → ['features', 'search', 'map', 'MapSpace.tsx']. */
const segmentsOf = (file: string) => relative(SRC, file).split(sep);

/** Module specifiers of static imports and re-exports, side-effect imports and dynamic imports. */
function specifiersOf(source: string): string[] {
  return [...source.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

/** Where a file may import from, as top-level folders of `src/` (and one feature folder). */
function allowedRoots(file: string): ((target: string[]) => boolean) | null {
  const [top, feature] = segmentsOf(file);
  const shared = (target: string[]) => SHARED_ROOTS.includes(target[0]!);
  if (top === 'features') return (target) => shared(target) || (target[0] === 'features' && target[1] === feature);
  if (top === 'shared') return shared;
  return null;
}

/** Every import that crosses a boundary, as `importer -> target` (paths relative to `src/`). */
function boundaryCrossings(files: readonly { path: string; source: string }[]): string[] {
  const crossings: string[] = [];
  for (const { path, source } of files) {
    const allowed = allowedRoots(path);
    if (!allowed) continue;
    for (const specifier of specifiersOf(source)) {
      if (!specifier.startsWith('.')) continue;
      const target = resolve(dirname(path), specifier);
      const segments = relative(SRC, target).split(sep);
      if (segments[0] === '..' || !allowed(segments))
        crossings.push(`${segmentsOf(path).join('/')} -> ${segments.join('/')}`);
    }
  }
  return crossings;
}

/** Imports of the contract's main entry that load values (and so zod) instead of types only. */
function contractValueImports(files: readonly { path: string; source: string }[]): string[] {
  const found: string[] = [];
  for (const { path, source } of files) {
    for (const m of source.matchAll(/^\s*(import|export)\s+(type\s+)?[^;]*?['"]@perch\/contract['"]/gm)) {
      if (!m[2]) found.push(`${segmentsOf(path).join('/')}: ${m[0].trim().split('\n')[0]}`);
    }
    if (/import\(\s*['"]@perch\/contract['"]\s*\)/.test(source)) found.push(`${segmentsOf(path).join('/')}: import()`);
  }
  return found;
}

// This file's own samples are not imports.
const files = sourceFiles(SRC)
  .filter((path) => path !== THIS_FILE)
  .map((path) => ({ path, source: readFileSync(path, 'utf8') }));

describe('source boundaries', () => {
  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => segmentsOf(f.path)[0] === 'shared')).toBe(true);
  });

  it('keeps every feature to app/, shared/, i18n/, test-support/ and itself; shared/ uses no feature', () => {
    expect(boundaryCrossings(files)).toEqual([]);
  });

  it('notices a crossing', () => {
    const importer = join(SRC, 'features', 'preferences', 'tabs', 'ColoursTab.tsx');
    const source = [
      "import { STATUS_COLOR } from '../../../shared/space-status/space-status';",
      "import type { Size } from '../../admin/floor-plan/geometry';",
      "const Page = lazy(() => import('../../search/SearchPage'));",
    ].join('\n');
    expect(boundaryCrossings([{ path: importer, source }])).toEqual([
      'features/preferences/tabs/ColoursTab.tsx -> features/admin/floor-plan/geometry',
      'features/preferences/tabs/ColoursTab.tsx -> features/search/SearchPage',
    ]);
    const shared = join(SRC, 'shared', 'time', 'area-zone.ts');
    expect(boundaryCrossings([{ path: shared, source: "import { x } from '../../features/search/x';" }])).toEqual([
      'shared/time/area-zone.ts -> features/search/x',
    ]);
  });

  it('takes runtime values of the contract from its zod-free entry', () => {
    expect(contractValueImports(files)).toEqual([]);
    const sample = join(SRC, 'shared', 'sample.ts');
    expect(
      contractValueImports([
        {
          path: sample,
          source: [
            "import type { Booking } from '@perch/contract';",
            "import { routes } from '@perch/contract/values';",
            "import { isOrgAdmin, type UserMe } from '@perch/contract';",
          ].join('\n'),
        },
      ]),
    ).toEqual(["shared/sample.ts: import { isOrgAdmin, type UserMe } from '@perch/contract'"]);
  });
});
