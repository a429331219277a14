import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueMails, type MailSender } from '../messaging/mail/index.js';
import { insertOutboxMail } from '../test-support/feature-internals.js';
import { startScheduler, type Job } from '../jobs/scheduler.js';
import { book, createFloor, wall } from '../test-support/bookings.js';
import { failure } from '../test-support/http.js';
import { createMetrics } from './metrics.js';
import { sharedTestDatabase } from '../test-support/database.js';
import { startTestServer, type TestServer } from '../test-support/server.js';

const TOKEN = 'scrape-token-0123456789abcdef';

/** One sample of a scrape: the metric's value where every given label matches; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

async function scrape(s: TestServer): Promise<string> {
  const res = await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return res.text();
}

// The worker's database costs seconds to make: in a hook, not in the first test's time.
beforeAll(() => sharedTestDatabase());

describe('GET /metrics, off by default', () => {
  it('is an unknown route (404) unless METRICS or METRICS_TOKEN turns it on', async () => {
    const off = await startTestServer({}, { reset: false, signIn: false });
    try {
      expect(off.app.metrics).toBeNull();
      expect((await fetch(`${off.url}/metrics`)).status).toBe(404);
      expect((await fetch(`${off.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await off.close();
    }
    // Open metrics need a loopback HOST (the test server listens on 127.0.0.1) or METRICS_PUBLIC=1.
    const open = await startTestServer({ METRICS: '1', HOST: '127.0.0.1' }, { reset: false, signIn: false });
    try {
      const res = await fetch(`${open.url}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE perch_http_requests_total counter');
    } finally {
      await open.close();
    }
    // METRICS=0 wins over a token.
    const forced = await startTestServer({ METRICS: '0', METRICS_TOKEN: TOKEN }, { reset: false, signIn: false });
    try {
      expect((await fetch(`${forced.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
        404,
      );
    } finally {
      await forced.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => s.close());

  it('asks for the token: 401 without it or with a wrong one, 200 in the Prometheus format with it', async () => {
    const none = await fetch(`${s.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN])
      expect((await fetch(`${s.url}/metrics`, { headers: { authorization } })).status, authorization).toBe(401);
    const ok = await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await ok.text();
    // Node's process metrics are there under their usual names.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts booking creates and conflicting creates, exactly once each', async () => {
    const floor = await createFloor(s, { desks: 1 });
    await s.createUser({ email: 'other@test.perch.local' });
    const other = await s.signIn('other@test.perch.local');
    const before = await scrape(s);
    const enter = wall('Europe/Berlin', 1, 9);
    const leave = wall('Europe/Berlin', 1, 17);
    const id = await book(s.admin, floor.spaces[0]!, enter, leave);
    const refused = await failure(book(other, floor.spaces[0]!, enter, leave));
    expect([refused.status, refused.appCode]).toEqual([409, 1001]);
    const after = await scrape(s);
    const moved = (name: string) => (sample(after, name) ?? 0) - (sample(before, name) ?? 0);
    expect(moved('perch_bookings_created_total')).toBe(1);
    expect(moved('perch_booking_conflicts_total')).toBe(1);
    expect(moved('perch_booking_cancellations_total')).toBe(0);
    await s.admin.delete(`/booking/${id}`);
    expect(
      (sample(await scrape(s), 'perch_booking_cancellations_total') ?? 0) -
        (sample(after, 'perch_booking_cancellations_total') ?? 0),
    ).toBe(1);
  });

  it('labels requests with the route pattern, never the URL; unknown routes as "unmatched"', async () => {
    const floor = await createFloor(s, { desks: 1 });
    const id = await book(s.admin, floor.spaces[0]!, wall('Europe/Berlin', 2, 9), wall('Europe/Berlin', 2, 12));
    await s.admin.get(`/booking/${id}`);
    await fetch(`${s.url}/no/such/route/${id}?secret=x`);
    const text = await scrape(s);
    expect(sample(text, 'perch_http_requests_total', { method: 'GET', route: '/booking/:id', status: '200' })).toBe(1);
    expect(sample(text, 'perch_http_request_duration_seconds_count', { method: 'GET', route: '/booking/:id' })).toBe(1);
    expect(
      sample(text, 'perch_http_request_duration_seconds_bucket', { method: 'GET', route: '/booking/:id', le: '+Inf' }),
    ).toBe(1);
    expect(sample(text, 'perch_http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'perch_http_requests_total', { route: '/booking/', method: 'POST', status: '201' }),
    ).toBeGreaterThanOrEqual(1);
    // Neither ids nor query strings become labels.
    expect(text).not.toContain(id);
    expect(text).not.toContain('secret');
  });

  it("reports the database pool's usage at scrape time", async () => {
    const text = await scrape(s);
    const total = sample(text, 'perch_db_pool_total');
    const idle = sample(text, 'perch_db_pool_idle');
    const waiting = sample(text, 'perch_db_pool_waiting');
    expect(total).toBeGreaterThanOrEqual(1);
    expect(idle).toBeGreaterThanOrEqual(0);
    expect(idle).toBeLessThanOrEqual(total!);
    expect(waiting).toBe(0);
    expect(s.deps.poolUsage()).toEqual({ total: expect.any(Number), idle: expect.any(Number), waiting: 0 });
  });

  it('counts and times background job runs by job and outcome', async () => {
    const name = `metrics-probe-${Date.now()}`;
    let runs = 0;
    const jobs: Job[] = [
      {
        name: `${name}-ok`,
        intervalSeconds: 3600,
        run: async () => {
          runs++;
        },
      },
      {
        name: `${name}-bad`,
        intervalSeconds: 3600,
        run: () => Promise.reject(new Error('probe failure')),
      },
    ];
    const silent = s.app.log.child({}, { level: 'silent' });
    const stop = startScheduler(s.deps, jobs, silent, { tickSeconds: 3600, observer: s.app.metrics!.jobs });
    try {
      // Both jobs run within a few hundred ms of the start; the waits leave a busy machine room.
      await expect.poll(() => runs, { timeout: 10_000 }).toBe(1);
      await expect
        .poll(async () => sample(await scrape(s), 'perch_job_runs_total', { job: `${name}-bad`, outcome: 'failed' }), {
          timeout: 10_000,
        })
        .toBe(1);
    } finally {
      stop();
    }
    const text = await scrape(s);
    expect(sample(text, 'perch_job_runs_total', { job: `${name}-ok`, outcome: 'ok' })).toBe(1);
    expect(sample(text, 'perch_job_runs_total', { job: `${name}-ok`, outcome: 'failed' })).toBeUndefined();
    expect(sample(text, 'perch_job_duration_seconds_count', { job: `${name}-ok` })).toBe(1);
    expect(sample(text, 'perch_job_duration_seconds_count', { job: `${name}-bad` })).toBe(1);
  });

  it('reports the outbox backlog as the real count, and counts sent mails and failed attempts', async () => {
    const count = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM mail_outbox WHERE status IN ('waiting', 'sending')`.execute(s.deps.db)
        ).rows[0]!.n,
      );
    const mail = (recipient: string) =>
      insertOutboxMail(s.deps.db, {
        organizationId: null,
        kind: 'test',
        recipient,
        language: 'en',
        subject: 'Metrics',
        text: 'x',
        html: '<p>x</p>',
      });
    await mail('a@test.perch.local');
    await mail('b@test.perch.local');
    await mail('c@test.perch.local');
    const waiting = await count();
    expect(waiting).toBeGreaterThanOrEqual(3);
    expect(sample(await scrape(s), 'perch_mail_outbox_pending')).toBe(waiting);
    expect(sample(await scrape(s), 'perch_calendar_sync_pending')).toBe(
      Number(
        (await sql<{ n: number }>`SELECT count(*)::int AS n FROM caldav_sync_queue`.execute(s.deps.db)).rows[0]!.n,
      ),
    );

    // b is refused for now, the others go: the backlog shrinks to that one mail.
    const sender: MailSender = {
      send: (m) => (m.recipient === 'b@test.perch.local' ? Promise.reject(new Error('busy')) : Promise.resolve()),
      close: () => {},
    };
    const before = await scrape(s);
    const sent = await deliverDueMails(s.deps.db, sender, s.config, undefined, s.app.metrics!.mail);
    const after = await scrape(s);
    const moved = (name: string, labels: Record<string, string> = {}) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(moved('perch_mails_sent_total')).toBe(sent);
    expect(moved('perch_mail_failures_total', { outcome: 'retry' })).toBe(1);
    expect(sample(after, 'perch_mail_outbox_pending')).toBe(await count());
    expect(await count()).toBe(1);
  });

  it('still answers while the database is away, with the backlogs unknown (NaN)', async () => {
    // Nothing listens on port 1: connecting fails at once.
    const pool = new pg.Pool({ connectionString: 'postgres://perch@127.0.0.1:1/none', connectionTimeoutMillis: 1000 });
    const away = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      const text = await createMetrics({ ...s.deps, db: away }).registry.metrics();
      expect(sample(text, 'perch_mail_outbox_pending')).toBeNaN();
      expect(sample(text, 'perch_calendar_sync_pending')).toBeNaN();
      expect(sample(text, 'perch_db_pool_total')).toBeGreaterThanOrEqual(0);
    } finally {
      await away.destroy();
    }
  });
});
