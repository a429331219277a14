// The no-show release job on the scale benchmark's data (`npm run bench:seed` first):
// check-in turned on in every organisation, then the job's work timed as it runs every 30
// seconds, each run in a transaction that is rolled back so every run meets the same bookings.
//
//   DATABASE_URL=postgres://… npm run bench:release-job [-- --runs 20]
//
// Printed per run kind (min / median / max, milliseconds):
// - "releasing": a run that finds the bookings due now and releases them through the booking
//   core (mails and calendar queue rows included), as the first run after check-in was turned on
//   (the bookings in progress are first marked as made the day before: the seed makes them all
//   at load time, which would count them as checked in when made);
// - "steady": the next run in the same transaction, with nothing left to release (every run
//   afterwards);
// - "candidates SQL": the search for due bookings alone, per organisation, summed
//   (EXPLAIN ANALYZE execution time), and `SELECT 1` through the same pool as the floor.
import { sql } from 'kysely';
import { releaseNoShows } from '../../src/booking/check-in/index.js';
import { loadConfig } from '../../src/config.js';
import { createDeps, openDatabase } from '../../src/deps.js';
import { withTransaction } from '../../src/db/transaction.js';

/** Thrown to roll a run's transaction back. */
class RollBack extends Error {}

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 20;
if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL must name the seeded PostgreSQL database');

const config = loadConfig({ ...process.env, JOBS_DISABLED: '1' });
const handle = await openDatabase(config);
const deps = await createDeps(config, handle);
const { db } = deps;

const orgs = await db.selectFrom('organizations').select('id').execute();
const bookings = await db
  .selectFrom('bookings')
  .select(sql<string>`count(*)`.as('n'))
  .executeTakeFirstOrThrow();
console.log(`${orgs.length} organisations, ${Number(bookings.n).toLocaleString('en')} bookings`);

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1);
  return `${f(sorted[0]!)} / ${f(sorted[Math.floor(sorted.length / 2)]!)} / ${f(sorted.at(-1)!)}`;
};

// Check-in on everywhere (put back as it was at the end).
const before = await db.selectFrom('settings').selectAll().where('name', '=', 'checkin_mode').execute();
await db.deleteFrom('settings').where('name', '=', 'checkin_mode').execute();
await db
  .insertInto('settings')
  .values(orgs.map((o) => ({ organization_id: o.id, name: 'checkin_mode', value: '1' })))
  .execute();

const releasing: number[] = [];
const steady: number[] = [];
let released = 0;
try {
  for (let i = 0; i < runs; i++) {
    await db
      .transaction()
      .execute(async (trx) => {
        const tx = withTransaction(deps, trx);
        // The seed writes every booking as made at load time, which counts the ones in progress
        // as checked in when made; here they were made the day before, as people book.
        await sql`UPDATE bookings SET created_at = enter_at - interval '1 day'
          WHERE enter_at > now() - interval '24 hours' AND enter_at <= now() AND leave_at > now()`.execute(trx);
        let t = performance.now();
        released = await releaseNoShows(tx);
        releasing.push(performance.now() - t);
        t = performance.now();
        const again = await releaseNoShows(tx);
        steady.push(performance.now() - t);
        if (again !== 0) throw new Error(`a second run released ${again} more`);
        throw new RollBack();
      })
      .catch((e: unknown) => {
        if (!(e instanceof RollBack)) throw e;
      });
  }

  // The candidates' search alone, as the database runs it.
  const candidateSql: number[] = [];
  for (let i = 0; i < Math.min(runs, 10); i++) {
    let total = 0;
    for (const o of orgs) {
      const plan = await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (ANALYZE, FORMAT JSON)
        SELECT b.id FROM bookings b
        JOIN spaces s ON s.id = b.space_id JOIN locations l ON l.id = b.location_id
        WHERE b.organization_id = ${o.id} AND b.enter_at > now() - interval '24 hours'
          AND b.enter_at <= now() AND b.leave_at > now() AND b.approved
          AND b.checked_in_at IS NULL AND b.released_at IS NULL`.execute(db);
      const json = plan.rows[0]!['QUERY PLAN'] as [{ 'Execution Time': number }];
      total += json[0]['Execution Time'];
    }
    candidateSql.push(total);
  }
  const select1: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await sql`SELECT 1`.execute(db);
    select1.push(performance.now() - t);
  }

  console.log(`released per run: ${released}`);
  console.log(`releasing run       ms (min / median / max): ${stats(releasing)}`);
  console.log(`steady run          ms (min / median / max): ${stats(steady)}`);
  console.log(`candidates SQL      ms (min / median / max): ${stats(candidateSql)}  (${orgs.length} organisations)`);
  console.log(`SELECT 1            ms (min / median / max): ${stats(select1)}`);
} finally {
  await db.deleteFrom('settings').where('name', '=', 'checkin_mode').execute();
  if (before.length) await db.insertInto('settings').values(before).execute();
  await handle.close();
}
