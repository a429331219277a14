import type { Db } from '../db/connection.js';

/**
 * Reads a global value, creating it with `make()` when absent. Safe when several
 * processes start at once: only the first insert wins and everyone reads that one.
 */
export async function getOrCreateSystemValue(
  db: Db,
  name: string,
  make: () => Promise<string> | string,
): Promise<string> {
  const existing = await db.selectFrom('system_settings').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value;
  const value = await make();
  await db
    .insertInto('system_settings')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('system_settings').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
