import fs from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { openPglite, type Db } from './connection.js';
import { migrate } from './migrate.js';

/**
 * Writes the Kysely table types (schema.generated.ts) from the catalogue of a freshly migrated
 * database, so that they cannot drift from ../../migrations/*.sql. Run `npm run db:types`;
 * schema.test.ts fails while the checked-in file differs from what this produces.
 *
 * Only facts that PGlite and every supported PostgreSQL report alike are used: the column's
 * type name, nullability, and whether it has a default (never the default's text, which
 * versions render differently). Tables are sorted by name in code, not by the server's collation.
 */

/** packages/server/src/db/schema.generated.ts, reachable from both src/db and dist/db. */
export const GENERATED_FILE = fileURLToPath(new URL('./schema.generated.ts', import.meta.url));

export interface CatalogColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: boolean;
  has_default: boolean;
  /** Values can never be written: GENERATED ALWAYS AS IDENTITY or a generated column. */
  always_generated: boolean;
}

/** The TypeScript types a column reads as and accepts when written (neither null). */
interface BaseType {
  select: string;
  write: string;
}

const SCALARS: Record<string, BaseType> = {};
const scalar = (names: string[], select: string, write = select) => {
  for (const n of names) SCALARS[n] = { select, write };
};
scalar(['uuid', 'text', 'varchar', 'bpchar', 'citext', 'name'], 'string');
// connection.ts makes the driver parse int8 and numeric as numbers.
scalar(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid'], 'number');
scalar(['bool'], 'boolean');
scalar(['timestamptz', 'timestamp', 'date'], 'Date', 'Date | string');
scalar(['bytea'], 'Buffer');
// Written as JSON text: the driver would turn a JS array into a PostgreSQL array literal.
scalar(['jsonb', 'json'], 'unknown', 'string');

function baseType(c: CatalogColumn): BaseType {
  const where = `${c.table_name}.${c.column_name}`;
  if (c.data_type === 'ARRAY') {
    // Array types are named after their element with a leading underscore (int2 → _int2).
    const element = SCALARS[c.udt_name.replace(/^_/, '')];
    if (!element || !c.udt_name.startsWith('_')) throw new Error(`${where}: no TypeScript type for ${c.udt_name}`);
    const arrayOf = (t: string) => (t.includes('|') ? `(${t})[]` : `${t}[]`);
    return { select: arrayOf(element.select), write: arrayOf(element.write) };
  }
  const t = SCALARS[c.udt_name];
  if (!t) throw new Error(`${where}: no TypeScript type for ${c.udt_name} (add it to generate-types.ts)`);
  return t;
}

/** `a | b`, without repeats; anything together with unknown is unknown. */
function union(...parts: string[]): string {
  const all = [...new Set(parts.flatMap((p) => p.split(' | ')))];
  return all.includes('unknown') ? 'unknown' : all.join(' | ');
}

/** The property type of a column in its table interface. */
export function columnType(c: CatalogColumn): string {
  const base = baseType(c);
  const select = c.is_nullable ? union(base.select, 'null') : base.select;
  const update = c.is_nullable ? union(base.write, 'null') : base.write;
  let insert = update;
  // A nullable column left out is null (or its default); a column with a default may be left out.
  if (c.is_nullable || c.has_default) insert = union(update, 'undefined');
  if (c.always_generated) return `ColumnType<${select}, never, never>`;
  if (insert === select && update === select) return select;
  // Generated<T> says "has a default"; a nullable column without one spells its types out.
  if (c.has_default && insert === union(select, 'undefined') && update === select) return `Generated<${select}>`;
  return `ColumnType<${select}, ${insert}, ${update}>`;
}

/** user_preferences → UserPreferencesTable */
export function interfaceName(table: string): string {
  return `${table.replace(/(?:^|_)([a-z0-9])/g, (_, ch: string) => ch.toUpperCase())}Table`;
}

async function readCatalog(db: Db): Promise<CatalogColumn[]> {
  const { rows } = await sql<CatalogColumn & { ordinal_position: number }>`
    SELECT c.table_name::text AS table_name,
           c.column_name::text AS column_name,
           c.ordinal_position::int AS ordinal_position,
           c.data_type::text AS data_type,
           c.udt_name::text AS udt_name,
           c.is_nullable = 'YES' AS is_nullable,
           (c.column_default IS NOT NULL OR c.is_identity = 'YES' OR c.is_generated = 'ALWAYS') AS has_default,
           (c.identity_generation = 'ALWAYS' OR c.is_generated = 'ALWAYS') AS always_generated
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
  `.execute(db);
  // Sorted here: the server's collation may order underscores differently.
  const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return rows
    .sort((a, b) => byCode(a.table_name, b.table_name) || a.ordinal_position - b.ordinal_position)
    .map((r) => ({
      table_name: r.table_name,
      column_name: r.column_name,
      data_type: r.data_type,
      udt_name: r.udt_name,
      is_nullable: r.is_nullable === true,
      has_default: r.has_default === true,
      always_generated: r.always_generated === true,
    }));
}

/** The text of schema.generated.ts for the tables of the database's current schema. */
export async function generateSchemaTypes(db: Db): Promise<string> {
  const columns = await readCatalog(db);
  const tables = new Map<string, string[]>();
  for (const c of columns) {
    const lines = tables.get(c.table_name) ?? [];
    lines.push(`  ${c.column_name}: ${columnType(c)};`);
    tables.set(c.table_name, lines);
  }
  if (tables.size === 0) throw new Error('The database has no tables: run the migrations first.');

  const body: string[] = [];
  for (const [table, lines] of tables) body.push(`export interface ${interfaceName(table)} {`, ...lines, '}', '');
  body.push('export interface Database {');
  for (const table of tables.keys()) body.push(`  ${table}: ${interfaceName(table)};`);
  body.push('}');

  const text = body.join('\n');
  const used = ['ColumnType', 'Generated'].filter((name) => text.includes(`${name}<`));
  return [
    '// Generated by packages/server/src/db/generate-types.ts from the database after all migrations',
    '// in packages/server/migrations. Do not edit: change a migration, then run `npm run db:types`.',
    '',
    ...(used.length > 0 ? [`import type { ${used.join(', ')} } from 'kysely';`, ''] : []),
    text,
    '',
  ].join('\n');
}

/** Migrates an in-memory PGlite and writes schema.generated.ts from it. */
async function main(): Promise<void> {
  const handle = await openPglite(undefined);
  try {
    await migrate(handle.db);
    const text = await generateSchemaTypes(handle.db);
    const old = fs.existsSync(GENERATED_FILE) ? fs.readFileSync(GENERATED_FILE, 'utf8') : undefined;
    if (old === text) {
      console.log(`${GENERATED_FILE} is up to date.`);
    } else {
      fs.writeFileSync(GENERATED_FILE, text);
      console.log(`Wrote ${GENERATED_FILE}.`);
    }
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
