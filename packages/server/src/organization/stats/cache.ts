import { sql } from 'kysely';
import type { App } from '../../app-context.js';
import type { AppDeps } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { withTransaction } from '../../db/transaction.js';

/**
 * Statistics of an organisation are computed at most once per STATS_CACHE_SECONDS and shared
 * by every server process through the database. While one process recomputes a stale entry,
 * the others answer with the previous figures instead of computing them again.
 */
export async function cachedStats<T>(
  deps: AppDeps,
  orgId: string,
  key: string,
  compute: (deps: AppDeps) => Promise<T>,
): Promise<T> {
  const ttl = deps.config.STATS_CACHE_SECONDS;
  if (ttl === 0) return compute(deps);
  const read = () =>
    deps.db
      .selectFrom('stats_cache')
      .select(['payload', 'computed_at'])
      .where('organization_id', '=', orgId)
      .where('key', '=', key)
      .executeTakeFirst();
  const cached = await read();
  if (cached && Date.now() - cached.computed_at.getTime() < ttl * 1000) return cached.payload as T;
  return deps.db.transaction().execute(async (trx) => {
    const lock = sql`hashtext(${`stats:${orgId}:${key}`})`;
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${lock}) AS locked`.execute(trx);
    if (!rows[0]?.locked) {
      if (cached) return cached.payload as T;
      await sql`SELECT pg_advisory_xact_lock(${lock})`.execute(trx);
      const fresh = await read();
      if (fresh) return fresh.payload as T;
    }
    // Computed on the transaction's connection: the embedded database has only one.
    const value = await compute(withTransaction(deps, trx));
    await trx
      .insertInto('stats_cache')
      .values({ organization_id: orgId, key, computed_at: new Date(), payload: JSON.stringify(value) })
      .onConflict((oc) =>
        oc.columns(['organization_id', 'key']).doUpdateSet({ computed_at: new Date(), payload: JSON.stringify(value) }),
      )
      .execute();
    return value;
  });
}

/** Forgets an organisation's cached statistics (after changes to settings, areas, spaces or users). */
export async function forgetStats(db: Db, orgId: string): Promise<void> {
  await db.deleteFrom('stats_cache').where('organization_id', '=', orgId).execute();
}

const CONFIGURATION_PATHS = /^\/(setting|location|user|organization|group)\//;

/**
 * Changes to settings, areas, spaces, users or the organisation make the cached statistics
 * stale at once; bookings only age them (up to STATS_CACHE_SECONDS).
 */
export function installStatsInvalidation(app: App): void {
  app.addHook('onResponse', async (req, reply) => {
    if (req.method === 'GET' || reply.statusCode >= 400 || !req.auth || !CONFIGURATION_PATHS.test(req.url)) return;
    await forgetStats(app.deps.db, req.auth.orgId).catch((err: unknown) =>
      req.log.warn({ err }, 'could not reset statistics'),
    );
  });
}
