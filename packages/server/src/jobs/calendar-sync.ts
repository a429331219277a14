import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../context.js';
import { startPolling } from '../lib/background-queue.js';
import { syncDueEvents } from '../messaging/caldav/index.js';

/** Runs the sync every CALDAV_POLL_SECONDS until stopped; returns the function that stops it. */
export function startCalendarSync(deps: AppDeps, log: FastifyBaseLogger): () => void {
  return startPolling(
    () => syncDueEvents(deps, log),
    deps.config.CALDAV_POLL_SECONDS,
    (err) => log.error({ err }, 'calendar sync round failed'),
  );
}
