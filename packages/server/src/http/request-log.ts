import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { App } from '../app-context.js';
import { UNMATCHED_ROUTE } from './metrics.js';

/**
 * Structured request logs (docs/configuration.md "Logs"). Every request has an id: the caller's
 * `X-Request-Id` when it is a sane token, else a new UUID; it is sent back in the same header
 * and carried by every log line of the request (`reqId`). Each answered request is logged
 * once at `info`, with method, route pattern, status, response time and, when signed in, the
 * user and organisation. URLs are never logged, only route patterns: paths and query strings
 * may carry secrets (`/calendar-feed/:token`, sign-in callbacks' `code` and `state`); neither
 * are headers (Authorization, cookies) or bodies.
 */

export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request's id: the caller's `X-Request-Id` when sane, else a new one. */
export function requestId(req: IncomingMessage): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** How a request appears wherever a log line includes it (`{ req }`): no URL, no headers. */
function safeRequest(req: FastifyRequest): Record<string, unknown> {
  return { method: req.method, route: req.routeOptions?.url ?? UNMATCHED_ROUTE };
}

/** Values no log line may show, whoever logs an object holding them. */
const REDACTED = [
  'password',
  '*.password',
  'token',
  '*.token',
  'accessToken',
  'refreshToken',
  'authorization',
  'cookie',
  '*.authorization',
  '*.cookie',
  'headers.authorization',
  'headers.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
];

/** The server's logger options with the safe request serializer and the redactions added. */
export function safeLoggerOptions(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const given = logger === true ? {} : logger;
  return {
    ...given,
    serializers: { req: safeRequest, ...given.serializers },
    redact: { paths: REDACTED, censor: '[redacted]' },
  };
}

/** Sends the request id back and logs every answered request once (see above). */
export function installRequestLog(app: App): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    req.log.info(
      {
        method: req.method,
        route: req.routeOptions.url ?? UNMATCHED_ROUTE,
        status: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        ...(req.auth ? { userId: req.auth.userId, orgId: req.auth.orgId } : {}),
      },
      'request completed',
    );
    done();
  });
}
