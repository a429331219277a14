import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedTestDatabase } from '../test-support/database.js';
import { type CatalogColumn, columnType, GENERATED_FILE, generateSchemaTypes } from './generate-types.js';

const column = (c: Partial<CatalogColumn>): CatalogColumn => ({
  table_name: 't',
  column_name: 'c',
  data_type: 'text',
  udt_name: 'text',
  is_nullable: false,
  has_default: false,
  always_generated: false,
  ...c,
});

describe('database types', () => {
  it('schema.generated.ts matches the migrated database', async () => {
    const { db } = await sharedTestDatabase();
    const generated = await generateSchemaTypes(db);
    const checkedIn = fs.readFileSync(GENERATED_FILE, 'utf8');
    expect(
      checkedIn,
      'packages/server/src/db/schema.generated.ts differs from the migrated database: run `npm run db:types`',
    ).toBe(generated);
  });

  it('make nullable columns and columns with a default optional on insert', () => {
    expect(columnType(column({ is_nullable: true }))).toBe(
      'ColumnType<string | null, string | null | undefined, string | null>',
    );
    expect(columnType(column({ has_default: true }))).toBe('Generated<string>');
    expect(columnType(column({ udt_name: 'timestamptz', data_type: 'timestamp with time zone' }))).toBe(
      'ColumnType<Date, Date | string, Date | string>',
    );
    expect(columnType(column({ udt_name: '_int2', data_type: 'ARRAY', has_default: true }))).toBe(
      'Generated<number[]>',
    );
    expect(columnType(column({ udt_name: 'jsonb', data_type: 'jsonb', is_nullable: true }))).toBe(
      'ColumnType<unknown, string | null | undefined, string | null>',
    );
    expect(() => columnType(column({ udt_name: 'tsvector' }))).toThrow(/no TypeScript type for tsvector/);
  });
});
