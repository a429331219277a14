import { api } from '@perch/contract';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { App } from '../app-context.js';
import type { AppDeps } from '../context.js';
import type { JobObserver, MailObserver, Metrics, RequestObserver } from './app-types.js';
import { unauthorized } from './errors.js';
import { sameSecret } from '../lib/same-secret.js';

/**
 * `GET /metrics` in the Prometheus text format (docs/configuration.md "Metrics"). Off unless METRICS=1 or
 * METRICS_TOKEN is set. Every app has a registry of its own (tests build several apps in one
 * process). The features know nothing of it: requests are counted in a hook here, booking
 * creates and conflicts from the booking routes' answers, and the background loops are handed
 * observers (`jobs`, `mail`) by main.ts. Database numbers are read when Prometheus scrapes.
 */

export type { JobObserver, MailObserver, Metrics, RequestObserver };

/** The route label of a request no route matched (a 404), so raw URLs never become labels. */
export const UNMATCHED_ROUTE = 'unmatched';

/** One count of the mail outbox and calendar sync backlogs, shared by the gauges of one scrape. */
function backlogReader(deps: AppDeps): () => Promise<{ mail: number; calendar: number }> {
  let pending: Promise<{ mail: number; calendar: number }> | null = null;
  const read = async () => {
    // The outbox's partial index `mail_outbox_due` covers exactly the undelivered mails;
    // calendar sync rows are deleted once written or given up.
    const { rows } = await sql<{ mail: number; calendar: number }>`
      SELECT (SELECT count(*) FROM mail_outbox WHERE status IN ('waiting', 'sending'))::int AS mail,
             (SELECT count(*) FROM caldav_sync_queue)::int AS calendar`.execute(deps.db);
    return rows[0] ?? { mail: 0, calendar: 0 };
  };
  return () => (pending ??= read().finally(() => (pending = null)));
}

export function createMetrics(deps: AppDeps): Metrics {
  const registry = new Registry();
  // Node's standard process metrics (process_*, nodejs_*), under their usual names.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'perch_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const durations = new Histogram({
    name: 'perch_http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const created = new Counter({
    name: 'perch_bookings_created_total',
    help: 'Bookings created through POST /booking/',
    registers,
  });
  const conflicts = new Counter({
    name: 'perch_booking_conflicts_total',
    help: 'Booking creates refused because the space is taken at that time (409, code 1001)',
    registers,
  });
  const cancellations = new Counter({
    name: 'perch_booking_cancellations_total',
    help: 'Bookings cancelled through DELETE /booking/:id',
    registers,
  });

  const pool = (name: string, help: string, key: 'total' | 'idle' | 'waiting') =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(deps.poolUsage()[key]);
      },
    });
  pool('perch_db_pool_total', 'Open database connections of this process, busy or idle', 'total');
  pool('perch_db_pool_idle', 'Idle database connections of this process', 'idle');
  pool('perch_db_pool_waiting', 'Queries of this process waiting for a database connection', 'waiting');

  const backlog = backlogReader(deps);
  const queue = (name: string, help: string, key: 'mail' | 'calendar') =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        try {
          this.set((await backlog())[key]);
        } catch {
          // The database is away: the number is unknown, and the scrape still answers.
          this.set(Number.NaN);
        }
      },
    });
  queue('perch_mail_outbox_pending', 'Mails in the outbox not delivered yet (waiting or being sent)', 'mail');
  queue('perch_calendar_sync_pending', 'Calendar events waiting to be written to CalDAV calendars', 'calendar');

  const jobRuns = new Counter({
    name: 'perch_job_runs_total',
    help: 'Background job runs of this process, by job and outcome (ok, failed)',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });
  const jobDurations = new Histogram({
    name: 'perch_job_duration_seconds',
    help: 'How long background job runs took, by job',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
    registers,
  });
  const mailsSent = new Counter({
    name: 'perch_mails_sent_total',
    help: 'Mails this process handed to the SMTP server',
    registers,
  });
  const mailFailures = new Counter({
    name: 'perch_mail_failures_total',
    help: 'Failed delivery attempts, by outcome: retry (tried again later) or given_up',
    labelNames: ['outcome'] as const,
    registers,
  });

  return {
    registry,
    jobs: (job, outcome, seconds) => {
      jobRuns.inc({ job, outcome });
      jobDurations.observe({ job }, seconds);
    },
    mail: {
      sent: () => mailsSent.inc(),
      failed: (outcome) => mailFailures.inc({ outcome }),
    },
    request: ({ method, route, status, seconds, endpoint, errorCode }) => {
      requests.inc({ method, route, status: String(status) });
      durations.observe({ method, route }, seconds);
      if (endpoint === api.booking.create) {
        if (status === 201) created.inc();
        else if (status === 409 && errorCode === '1001') conflicts.inc();
      } else if (endpoint === api.booking.delete && status >= 200 && status < 300) cancellations.inc();
    },
  };
}

/** Whether an Authorization header carries `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  return sameSecret(given, token);
}

/**
 * Serves `GET /metrics` and counts every request, when the configuration turns metrics on;
 * decorates `app.metrics` (null when off, and then /metrics is an unknown route: 404).
 */
export function installMetrics(app: App): void {
  const { config } = app.deps;
  if (!config.metricsEnabled) {
    app.decorate('metrics', null);
    return;
  }
  const metrics = createMetrics(app.deps);
  app.decorate('metrics', metrics);
  app.addHook('onResponse', (req, reply, done) => {
    metrics.request({
      method: req.method,
      route: req.routeOptions.url ?? UNMATCHED_ROUTE,
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
      endpoint: req.routeOptions.config?.endpoint,
      errorCode: reply.getHeader('x-error-code'),
    });
    done();
  });
  const token = config.METRICS_TOKEN;
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (req, reply) => {
    if (token !== undefined && !bearerMatches(req.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('The metrics token is missing or wrong');
    }
    const text = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}
