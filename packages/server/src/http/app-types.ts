import type { Endpoint } from '@perch/contract';
import type { Registry } from 'prom-client';

/**
 * Types the application object carries (app-context.ts), kept apart from the modules that fill
 * them (http/contract-routes.ts, http/metrics.ts) so that those can use the application's type
 * without an import circle.
 */

/** A route as Fastify registered it, with the contract endpoint it serves (http/contract-routes.ts). */
export interface RegisteredRoute {
  method: string;
  url: string;
  endpoint: Endpoint | undefined;
}

/** Hears how each run of a background job went and how long it took (jobs/scheduler.ts). */
export type JobObserver = (job: string, outcome: 'ok' | 'failed', seconds: number) => void;

/**
 * Hears of every mail delivery attempt (messaging/mail/delivery.ts): a mail sent, or an attempt
 * that failed and is either tried again later or given up (refused for good, or out of retry time).
 */
export interface MailObserver {
  sent(): void;
  failed(outcome: 'retry' | 'given_up'): void;
}

/** An answered request as the metrics see it: the route pattern, never the URL. */
export type RequestObserver = (r: {
  method: string;
  route: string;
  status: number;
  seconds: number;
  /** The contract endpoint the route serves, if any. */
  endpoint: unknown;
  /** The answer's `X-Error-Code` header. */
  errorCode: unknown;
}) => void;

/** This app's Prometheus metrics and the observers handed to the background loops (http/metrics.ts). */
export interface Metrics {
  registry: Registry;
  /** For `startScheduler`: counts and times job runs. */
  jobs: JobObserver;
  /** For `startMailDelivery`: counts sent mails and failed attempts. */
  mail: MailObserver;
  /** Counts an answered request (the hook below). */
  request: RequestObserver;
}
