import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../context.js';
import type { Db } from '../db/connection.js';
import { withTransaction } from '../db/transaction.js';
import type { JobObserver } from '../http/metrics.js';

export interface Job {
  name: string;
  intervalSeconds: number;
  /**
   * Off (the default): the job runs inside the transaction that claimed it, and its work commits
   * or rolls back with the run. On: the run is claimed in a short transaction of its own and the
   * job then runs with plain `deps`, holding no transaction or connection: for jobs that wait on
   * the network (the embedded database has a single connection). A claimed run that fails is
   * not retried before the next interval.
   */
  outsideTransaction?: boolean;
  /** Does the work, with `deps` bound to the run's transaction unless `outsideTransaction`. */
  run(deps: AppDeps): Promise<void>;
}

export type { JobObserver };

/** Runs `work` (a job's run) and tells `observer` its outcome and duration. */
async function observed<T>(job: Job, observer: JobObserver | undefined, work: () => Promise<T>): Promise<T> {
  if (!observer) return work();
  const started = performance.now();
  try {
    const result = await work();
    observer(job.name, 'ok', (performance.now() - started) / 1000);
    return result;
  } catch (err) {
    observer(job.name, 'failed', (performance.now() - started) / 1000);
    throw err;
  }
}

/**
 * Inside `trx`: takes the job's advisory lock if no other process holds it and tells whether
 * the job is due (its last run in `job_runs` is an interval ago).
 */
async function claim(trx: Db, job: Job, now: Date): Promise<boolean> {
  const { rows } = await sql<{
    locked: boolean;
  }>`SELECT pg_try_advisory_xact_lock(hashtext(${'job:' + job.name})) AS locked`.execute(trx);
  if (!rows[0]?.locked) return false;
  const last = await trx.selectFrom('job_runs').select('last_run_at').where('name', '=', job.name).executeTakeFirst();
  return !(last && last.last_run_at.getTime() > now.getTime() - job.intervalSeconds * 1000 + 500);
}

async function recordRun(trx: Db, job: Job, now: Date): Promise<void> {
  await trx
    .insertInto('job_runs')
    .values({ name: job.name, last_run_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ last_run_at: now }))
    .execute();
}

/**
 * Runs a job if it is due. Any number of processes may call this at once: a transaction-scoped
 * advisory lock lets one of them in, and `job_runs` records the run so the others skip it
 * until the interval has passed. Returns true when this call ran the job.
 */
export async function runIfDue(deps: AppDeps, job: Job, now = new Date(), observer?: JobObserver): Promise<boolean> {
  if (job.outsideTransaction) {
    // Claim and record the run in one short transaction; once it commits, every other
    // process sees the run in `job_runs` and skips it, so the lock need not outlive it.
    const claimed = await deps.db.transaction().execute(async (trx) => {
      if (!(await claim(trx, job, now))) return false;
      await recordRun(trx, job, now);
      return true;
    });
    if (claimed) await observed(job, observer, () => job.run(deps));
    return claimed;
  }
  return deps.db.transaction().execute(async (trx) => {
    if (!(await claim(trx, job, now))) return false;
    await observed(job, observer, async () => {
      await job.run(withTransaction(deps, trx));
      await recordRun(trx, job, now);
    });
    return true;
  });
}

/**
 * Checks every job every `tickSeconds`; returns a function that stops the timer. Jobs in a
 * transaction run one after the other; a job outside one (a long network job) runs on its own
 * so it never holds up the others, and is not started again while it still runs. `observer`
 * hears of every run (the metrics).
 */
export function startScheduler(
  deps: AppDeps,
  jobs: Job[],
  log: FastifyBaseLogger,
  { tickSeconds = 30, observer }: { tickSeconds?: number; observer?: JobObserver } = {},
): () => void {
  let running = false;
  const busy = new Set<string>();
  const attempt = async (job: Job) => {
    try {
      await runIfDue(deps, job, new Date(), observer);
    } catch (err) {
      log.error({ err, job: job.name }, 'background job failed');
    }
  };
  const tick = async () => {
    for (const job of jobs.filter((j) => j.outsideTransaction && !busy.has(j.name))) {
      busy.add(job.name);
      void attempt(job).finally(() => busy.delete(job.name));
    }
    if (running) return;
    running = true;
    for (const job of jobs.filter((j) => !j.outsideTransaction)) await attempt(job);
    running = false;
  };
  const timer = setInterval(() => void tick(), tickSeconds * 1000);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
