import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isRetryableConflict } from './db-errors.js';
import { HttpError } from './errors.js';

/** What a client is told to wait while the database is away (a restart or failover). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

interface PgError {
  code?: string;
  constraint?: string;
}

function send(reply: FastifyReply, status: number, message: string, appCode?: number) {
  if (appCode !== undefined) reply.header('x-error-code', String(appCode));
  return reply
    .code(status)
    .type('application/json')
    .send({
      statusCode: status,
      error: httpReason(status),
      message,
      ...(appCode !== undefined ? { code: appCode } : {}),
    });
}

/** Reason phrases of the statuses the API answers with. */
export const HTTP_REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

const httpReason = (status: number): string => HTTP_REASONS[status] ?? 'Error';

/**
 * Maps every failure to a status code (and `X-Error-Code` where the reference has one).
 * Bad input of any kind is a 4xx; a 500 is always a bug and is logged as one.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError & PgError, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof HttpError) {
      for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
      if (err.body !== undefined) return reply.code(err.statusCode).type('application/json').send(err.body);
      return send(reply, err.statusCode, err.message, err.appCode);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation
        .map(
          (v) => `${v.instancePath ? v.instancePath.slice(1).replace(/\//g, '.') + ': ' : ''}${v.message ?? 'invalid'}`,
        )
        .join('; ');
      return send(reply, 400, `Invalid ${err.validationContext ?? 'request'}: ${issues}`);
    }
    if (err.validation) return send(reply, 400, err.message);
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(reply, 413, 'Request body is too large');
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return send(reply, 415, 'Unsupported content type');
    if (err.code?.startsWith('FST_ERR_CTP_') || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
      return send(reply, 400, 'Malformed request body');
    if (err instanceof SyntaxError || err.statusCode === 400) return send(reply, 400, 'Malformed request body');
    // Database errors caused by input that slipped past validation are still the client's.
    // Class 22 is "data exception": a value the database cannot take (bad UUID, NUL byte …).
    if (typeof err.code === 'string' && err.code.startsWith('22') && err.code.length === 5)
      return send(reply, 400, 'Invalid value');
    if (err.code === '23505') return send(reply, 409, 'Already exists');
    if (err.code === '23503') return send(reply, 400, 'Refers to something that does not exist');
    if (err.code === '23514') return send(reply, 400, 'Invalid value');
    if (err.code === '23P01') return send(reply, 409, 'Conflicts with an existing entry');
    if (isRetryableConflict(err)) return send(reply, 409, 'The change conflicted with a concurrent one; try again');
    // A lock wait or statement that ran out of time: the server is busy, not the input wrong.
    if (err.code === '55P03' || err.code === '57014') {
      reply.header('retry-after', '1');
      return send(reply, 503, 'The server is busy; try again');
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ reason: err.message }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(reply, 503, 'The database is unavailable; try again shortly');
    }
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500)
      return send(reply, err.statusCode, err.message);
    req.log.error({ err }, 'unhandled error');
    return send(reply, 500, 'Internal server error');
  });

  app.setNotFoundHandler((req, reply) => send(reply, 404, `No route ${req.method} ${req.url.split('?')[0]}`));
}
