import { CompiledQuery } from 'kysely';
import type { AppDeps } from '../context.js';
import { isRetryableConflict } from '../http/db-errors.js';
import type { Db, PreparedQuery } from './connection.js';

/** Prepared queries on a transaction's own connection (unnamed there: a transaction is short). */
function preparedIn(trx: Db): PreparedQuery {
  return async <Row>(_name: string, text: string, values: unknown[]) =>
    (await trx.executeQuery(CompiledQuery.raw(text, values))).rows as Row[];
}

/** The dependencies with `db` and `prepared` bound to a transaction. */
export function withTransaction(deps: AppDeps, trx: Db): AppDeps {
  return { ...deps, db: trx, prepared: preparedIn(trx) };
}

/**
 * Runs `fn` in a transaction: a new one, or the caller's when `deps` is already inside one,
 * so operations compose (a job or a test can run several in one transaction).
 */
export async function inTransaction<T>(deps: AppDeps, fn: (tx: AppDeps) => Promise<T>): Promise<T> {
  if (deps.db.isTransaction) return fn(deps);
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.db.transaction().execute((trx) => fn(withTransaction(deps, trx)));
    } catch (e) {
      // A deadlock victim or serialisation failure ran on nothing but a race: run it again.
      // Everything it did was rolled back, side effects included (they live in the transaction).
      if (attempt >= MAX_ATTEMPTS || !isRetryableConflict(e)) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}

const MAX_ATTEMPTS = 3;
