import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../context.js';
import { withTransaction } from '../db/transaction.js';

export interface Job {
  name: string;
  intervalSeconds: number;
  /** Does the work, with `deps` bound to the run's transaction. */
  run(deps: AppDeps): Promise<void>;
}

/**
 * Runs a job if it is due. Any number of processes may call this at once: a transaction-scoped
 * advisory lock lets one of them in, and `job_runs` records the run so the others skip it
 * until the interval has passed. Returns true when this call ran the job.
 */
export async function runIfDue(deps: AppDeps, job: Job, now = new Date()): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`SELECT pg_try_advisory_xact_lock(hashtext(${'job:' + job.name})) AS locked`.execute(trx);
    if (!rows[0]?.locked) return false;
    const last = await trx.selectFrom('job_runs').select('last_run_at').where('name', '=', job.name).executeTakeFirst();
    if (last && last.last_run_at.getTime() > now.getTime() - job.intervalSeconds * 1000 + 500) return false;
    await job.run(withTransaction(deps, trx));
    await trx
      .insertInto('job_runs')
      .values({ name: job.name, last_run_at: now })
      .onConflict((oc) => oc.column('name').doUpdateSet({ last_run_at: now }))
      .execute();
    return true;
  });
}

/** Checks every job every `tickSeconds`; returns a function that stops the timer. */
export function startScheduler(deps: AppDeps, jobs: Job[], log: FastifyBaseLogger, tickSeconds = 30): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    for (const job of jobs) {
      try {
        await runIfDue(deps, job);
      } catch (err) {
        log.error({ err, job: job.name }, 'background job failed');
      }
    }
    running = false;
  };
  const timer = setInterval(() => void tick(), tickSeconds * 1000);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
