import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAutoFailoverCluster, type AutoFailoverCluster, type NodeName } from '../test-support/auto-failover.js';
import {
  noAnswerReason,
  prepareFloor,
  startBookingLoad,
  ZONE,
  type Answer,
  type Floor,
} from '../test-support/booking-load.js';
import { wall } from '../test-support/bookings.js';
import {
  failureCounts,
  lostTimeline,
  serverReport,
  slowestAnswers,
  unansweredTimeline,
} from '../test-support/failover-report.js';
import { spawnServer, type ServerProcess } from '../test-support/process.js';
import { watchReplication } from '../test-support/replication-watch.js';

/**
 * The loss of the PostgreSQL primary under pg_auto_failover, with two Perch processes under
 * booking load connected through a multi-host DATABASE_URL: the standby is promoted, both
 * processes write to it without a restart, no acknowledged booking is lost (synchronous
 * replication), no desk is booked twice, and no request gets a 500 or hangs.
 */
let cluster: AutoFailoverCluster;
const servers: ServerProcess[] = [];
let floor: Floor;

beforeAll(async () => {
  cluster = await startAutoFailoverCluster();
  for (let i = 0; i < 2; i++) {
    servers.push(await spawnServer({ DATABASE_URL: cluster.url, DATABASE_POOL_SIZE: '6', JOBS_DISABLED: 'false' }));
  }
  floor = await prepareFloor(servers[0]!.url, 6);
}, 300_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  cluster?.destroy();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `FAILOVER_SWITCHOVERS=20` runs the planned switchover that many times, back and forth. */
const SWITCHOVERS = Number(process.env.FAILOVER_SWITCHOVERS ?? 1);

/**
 * What a failing test prints: the failures by kind, when each process left requests
 * unanswered (seconds after `since`), when the lost bookings were acknowledged, how each
 * process ended and its last output, the monitor's events from shortly before `since`, and
 * the cluster's state and pg_autoctl's last output.
 */
async function failureReport(answers: readonly Answer[], since: number, lost: readonly string[]): Promise<string> {
  const states = await cluster.states().catch((e: Error) => e.message);
  const events = await cluster.events(new Date(since - 20_000)).catch((e: Error) => e.message);
  return [
    failureCounts(answers),
    unansweredTimeline(answers, servers, since),
    ...(lost.length ? [lostTimeline(answers, lost, servers, since)] : []),
    serverReport(servers),
    `--- pg_auto_failover events (${new Date(since).toISOString()} is 0 s):\n${events}`,
    `--- pg_auto_failover: ${JSON.stringify(states)}`,
    cluster.logTail(),
  ].join('\n');
}

const bothRun = () => servers.every((s) => s.proc.exitCode === null && s.proc.signalCode === null);

async function rows<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<R>(text, values)).rows;
  } finally {
    await c.end();
  }
}

/**
 * Both processes try to book the same desk for the same hour, slot after slot: exactly one
 * may win each slot, before, during and after the failover.
 */
function contestDesk(desk: string, token: string) {
  const wins: { slot: number; server: number }[] = [];
  const answers: Answer[] = [];
  let running = true;
  const book = async (server: number, slot: number) => {
    const started = performance.now();
    let status = 0;
    let error: string | undefined;
    try {
      const res = await fetch(`${servers[server]!.url}/booking/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          spaceId: desk,
          enter: wall(ZONE, 1 + Math.floor(slot / 20), 2 + (slot % 20)),
          leave: wall(ZONE, 1 + Math.floor(slot / 20), 2 + (slot % 20), 59),
        }),
        signal: AbortSignal.timeout(15_000),
      });
      status = res.status;
      await res.arrayBuffer();
      if (status === 201) wins.push({ slot, server });
    } catch (e) {
      status = (e as Error).name === 'TimeoutError' ? -1 : 0;
      error = noAnswerReason(e);
    } finally {
      answers.push({
        at: Date.now(),
        server: servers[server]!.url,
        path: '/booking/ (contested)',
        status,
        error,
        retryAfter: null,
        ms: performance.now() - started,
      });
    }
  };
  const done = (async () => {
    for (let slot = 0; running; slot++) {
      await Promise.all([book(0, slot), book(1, slot)]);
      await sleep(20);
    }
  })();
  return {
    wins,
    answers,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

/** Each Perch process books the floor's first desk on a day of its own: both write. */
async function bookOnEachProcess(on: Floor, firstDay: number, when: string): Promise<void> {
  for (const [i, s] of servers.entries()) {
    const res = await fetch(`${s.url}/booking/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${on.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        spaceId: on.desks[0],
        enter: wall(ZONE, firstDay + i, 9),
        leave: wall(ZONE, firstDay + i, 10),
      }),
    });
    expect(res.status, `process ${i + 1} books ${when}`).toBe(201);
  }
}

describe('losing the PostgreSQL primary (pg_auto_failover) under booking load', () => {
  it('fails over to the standby: no acknowledged booking lost, no double booking, both processes serve again', async ({
    onTestFailed,
  }) => {
    const primary = (await cluster.primary()) as NodeName;
    expect(primary).toBe('node1');
    const sync = await rows<{ names: string }>(
      cluster.nodeUrl(primary),
      "SELECT current_setting('synchronous_standby_names') AS names",
    );
    expect(sync[0]!.names, 'the standby is synchronous').not.toBe('');

    // Six workers on desks of their own (alternating between the processes), one contested desk.
    const load = startBookingLoad([servers[0]!.url, servers[1]!.url], { ...floor, desks: floor.desks.slice(1) });
    const contest = contestDesk(floor.desks[0]!, floor.token);
    await sleep(3000);
    expect(load.acknowledged.length, 'bookings succeed before the failover').toBeGreaterThan(10);

    const killedAt = Date.now();
    let lost: string[] = [];
    onTestFailed(async () => console.log(await failureReport([...load.answers, ...contest.answers], killedAt, lost)));
    cluster.kill(primary);

    // Each process serves bookings again on the promoted standby, by itself.
    const servingAgain: number[] = [];
    for (const s of servers) {
      const deadline = Date.now() + 120_000;
      for (;;) {
        const res = await fetch(`${s.url}/healthcheck`, { signal: AbortSignal.timeout(15_000) });
        await res.arrayBuffer();
        if (res.status === 200 && (await cluster.primary()) === 'node2') break;
        if (Date.now() > deadline) throw new Error(`no failover in 120 s: ${JSON.stringify(await cluster.states())}`);
        await sleep(100);
      }
      servingAgain.push(Date.now());
    }
    // Let both processes book on the new primary for a while.
    await sleep(3000);
    await load.stop();
    await contest.stop();
    expect(bothRun(), 'both processes still run').toBe(true);
    const contestedStored = await rows<{ n: number }>(
      cluster.nodeUrl('node2'),
      'SELECT count(*)::int AS n FROM bookings WHERE space_id = $1',
      [floor.desks[0]],
    );
    // Each process writes on the new primary.
    await bookOnEachProcess(floor, 300, 'after the failover');

    const newPrimary = cluster.nodeUrl('node2');
    const afterKill = [...load.answers, ...contest.answers].filter((a) => a.at > killedAt);
    // The first booking sent after the kill that succeeded (one sent before may still have been
    // committed by the old primary and answered just after it).
    const firstWrite = afterKill
      .filter((a) => a.status === 201 && a.at - a.ms > killedAt)
      .sort((a, b) => a.at - b.at)[0];
    expect(firstWrite, 'bookings succeed after the failover').toBeDefined();
    const failed = afterKill.filter((a) => a.status >= 500 || a.status <= 0);
    const lastFailure = [...failed].sort((a, b) => b.at - a.at)[0];

    // Acknowledged bookings: every one of them on the new primary.
    const acknowledged = [...load.acknowledged];
    const stored = new Set(
      (
        await rows<{ id: string }>(newPrimary, 'SELECT id FROM bookings WHERE id = ANY($1::uuid[])', [acknowledged])
      ).map((r) => r.id),
    );
    lost = acknowledged.filter((id) => !stored.has(id));

    // No desk booked twice for overlapping times, and one winner per contested slot.
    const overlaps = await rows<{ n: number }>(
      newPrimary,
      `SELECT count(*)::int AS n FROM bookings a JOIN bookings b
         ON a.space_id = b.space_id AND a.id < b.id AND a.enter_at < b.leave_at AND b.enter_at < a.leave_at`,
    );
    const slotsWonTwice = contest.wins.filter((w, i) => contest.wins.findIndex((x) => x.slot === w.slot) !== i);

    // Failed requests per second after the kill, and what they were.
    const perSecond = new Map<number, number>();
    for (const a of failed)
      perSecond.set(
        Math.floor((a.at - killedAt) / 1000),
        (perSecond.get(Math.floor((a.at - killedAt) / 1000)) ?? 0) + 1,
      );
    console.log(
      `failed requests by second after the kill: ${[...perSecond].map(([sec, n]) => `${sec}s:${n}`).join(' ')}; ` +
        `after the first write: ${failed
          .filter((a) => a.at > firstWrite!.at)
          .map((a) => `${a.path} ${a.status} at ${((a.at - killedAt) / 1000).toFixed(1)}s`)
          .slice(0, 8)
          .join(', ')}`,
    );
    const unavailable = ((firstWrite!.at - killedAt) / 1000).toFixed(1);
    const lastError = lastFailure ? ((lastFailure.at - killedAt) / 1000).toFixed(1) : '0';
    console.log(
      `failover: primary killed (SIGKILL of its keeper and PostgreSQL); first booking sent after the kill and acknowledged after ` +
        `${unavailable} s, last failed request ${lastError} s after the kill, both processes healthy after ` +
        `${servingAgain.map((t) => ((t - killedAt) / 1000).toFixed(1)).join(' s and ')} s; ` +
        `${acknowledged.length} bookings acknowledged, ${lost.length} lost; ${failureCounts(afterKill)}; ` +
        `slowest answer: ${slowestAnswers(afterKill, servers)}; ` +
        `contested desk: ${contest.wins.length} slots won, ${contestedStored[0]!.n} stored, ${slotsWonTwice.length} won twice`,
    );

    expect(lost, 'acknowledged bookings lost').toEqual([]);
    expect(overlaps[0]!.n, 'overlapping bookings of one desk').toBe(0);
    expect(slotsWonTwice).toEqual([]);
    expect(
      failed.filter((a) => a.status !== 503),
      'failures other than 503 (a 500, a hang)',
    ).toEqual([]);
    expect(contest.wins.length).toBeGreaterThan(0);
  }, 300_000);

  for (let round = 1; round <= SWITCHOVERS; round++) {
    it(`switches back in a planned switchover${SWITCHOVERS > 1 ? ` (${round} of ${SWITCHOVERS})` : ''}: the old primary rejoins as standby, then takes over again under load`, async ({
      onTestFailed,
    }) => {
      // The first round brings the killed node back; later ones switch back and forth.
      if (round === 1) await cluster.rejoin('node1');
      const from = (await cluster.primary()) ?? 'node2';
      const to: NodeName = from === 'node1' ? 'node2' : 'node1';
      if (round > 1) await cluster.pair(from, to);
      const watchedFrom = Date.now();
      const watch = watchReplication({ node1: cluster.nodeUrl('node1'), node2: cluster.nodeUrl('node2') }, watchedFrom);
      const second = await prepareFloor(servers[1]!.url, 4);
      const load = startBookingLoad([servers[0]!.url, servers[1]!.url], { ...second, desks: second.desks.slice(1) });
      const contest = contestDesk(second.desks[0]!, second.token);
      await sleep(2000);
      const startedAt = Date.now();
      let lost: string[] = [];
      onTestFailed(async () =>
        console.log(
          `${await failureReport([...load.answers, ...contest.answers], startedAt, lost)}\n` +
            `--- the nodes, in seconds after ${((watchedFrom - startedAt) / 1000).toFixed(1)} s:\n${await watch.stop()}`,
        ),
      );
      const replicas = await rows<{ sync: string }>(
        cluster.nodeUrl(from),
        'SELECT sync_state AS sync FROM pg_stat_replication',
      );
      expect(
        replicas.some((r) => r.sync === 'sync' || r.sync === 'quorum'),
        `${from} replicates synchronously before the switchover`,
      ).toBe(true);
      await cluster.switchover();
      const deadline = Date.now() + 60_000;
      while ((await cluster.primary()) !== to) {
        if (Date.now() > deadline) throw new Error(`no switchover: ${JSON.stringify(await cluster.states())}`);
        await sleep(200);
      }
      const switchedAt = Date.now();
      await sleep(3000);
      await load.stop();
      await contest.stop();
      await watch.stop();

      const answers = [...load.answers, ...contest.answers];
      const failed = answers.filter((a) => a.status >= 500 || a.status <= 0);
      const writesAfter = answers.filter((a) => a.at > switchedAt && a.status === 201);
      const stored = new Set(
        (
          await rows<{ id: string }>(cluster.nodeUrl(to), 'SELECT id FROM bookings WHERE id = ANY($1::uuid[])', [
            load.acknowledged,
          ])
        ).map((r) => r.id),
      );
      lost = load.acknowledged.filter((id) => !stored.has(id));
      const slotsWonTwice = contest.wins.filter((w, i) => contest.wins.findIndex((x) => x.slot === w.slot) !== i);
      console.log(
        `switchover: ${((switchedAt - startedAt) / 1000).toFixed(1)} s until ${to} was primary again; ` +
          `${load.acknowledged.length} bookings acknowledged, ${lost.length} lost; ${failureCounts(answers)}; ` +
          `slowest answer: ${slowestAnswers(answers, servers)}; ` +
          `${writesAfter.length} bookings after it; ` +
          `contested desk: ${contest.wins.length} slots won, ${slotsWonTwice.length} won twice`,
      );
      expect(bothRun(), 'both processes still run').toBe(true);
      expect(lost).toEqual([]);
      expect(slotsWonTwice).toEqual([]);
      expect(
        failed.filter((a) => a.status !== 503),
        'failures other than 503 (a 500, no answer)',
      ).toEqual([]);
      expect(writesAfter.length, 'bookings succeed on the new primary').toBeGreaterThan(0);
      await bookOnEachProcess(second, 320, 'after the switchover');
    }, 300_000);
  }
});
