import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/server.js';
import { purgeExpiredJob } from './purge-expired.js';
import { runIfDue, type Job } from './scheduler.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('background jobs', () => {
  it('run once per interval however many processes try at once', async () => {
    let runs = 0;
    const job: Job = { name: `count-${Date.now()}`, intervalSeconds: 60, run: async () => void runs++ };
    const results = await Promise.all(Array.from({ length: 6 }, () => runIfDue(s.deps, job)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    expect(await runIfDue(s.deps, job)).toBe(false);
    expect(await runIfDue(s.deps, job, new Date(Date.now() + 61_000))).toBe(true);
    expect(runs).toBe(2);
  });

  it('a job outside a transaction is claimed once, then runs with plain deps holding no transaction', async () => {
    const name = `outside-${Date.now()}`;
    let runs = 0;
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const seen: boolean[] = [];
    const job: Job = {
      name,
      intervalSeconds: 60,
      outsideTransaction: true,
      async run(deps) {
        runs++;
        seen.push(deps.db.isTransaction);
        started();
        await released;
      },
    };
    const both = Promise.all([runIfDue(s.deps, job), runIfDue(s.deps, job)]);
    await running;
    // While the job waits, the database answers other work (the embedded one has a single
    // connection: a transaction held by the run would block this), the claim is committed,
    // and a third process trying now skips the run.
    const row = await Promise.race([
      s.deps.db.selectFrom('job_runs').select('last_run_at').where('name', '=', name).executeTakeFirst(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the database is held by the job')), 5000)),
    ]);
    expect(row?.last_run_at).toBeInstanceOf(Date);
    expect(await runIfDue(s.deps, job)).toBe(false);
    release();
    expect((await both).filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    expect(seen).toEqual([false]);
    expect(await runIfDue(s.deps, job, new Date(Date.now() + 61_000))).toBe(true);
    expect(runs).toBe(2);
  });

  it('purge expired sessions, refresh tokens and one-time states', async () => {
    await s.reset();
    const user = await s.deps.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const old = new Date(Date.now() - 1000);
    const session = await s.deps.db
      .insertInto('sessions')
      .values({ user_id: user.id, expires_at: old })
      .returning('id')
      .executeTakeFirstOrThrow();
    await s.deps.db.insertInto('auth_states').values({ state_type: 5, expires_at: old }).execute();
    const before = await s.deps.db.selectFrom('sessions').select('id').execute();
    await purgeExpiredJob.run(s.deps);
    const after = await s.deps.db.selectFrom('sessions').select('id').execute();
    expect(after.length).toBe(before.length - 1);
    expect(after.some((x) => x.id === session.id)).toBe(false);
    expect(await s.deps.db.selectFrom('auth_states').select('id').execute()).toEqual([]);
    // The live session of the harness is untouched.
    expect(await s.admin.get('/user/me')).toBeTruthy();
  });
});
