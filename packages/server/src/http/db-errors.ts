import { isStalePreparedStatement } from '../db/statement-names.js';

/** True when a database error is a unique-constraint violation (a concurrent duplicate). */
export function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}

/** PostgreSQL error codes that mean "try again": a deadlock victim or a serialisation failure. */
const RETRYABLE_CODES = new Set(['40P01', '40001']);

/** True when a transaction failed only because of a concurrent one and may simply run again. */
export function isRetryableConflict(e: unknown): boolean {
  return typeof e === 'object' && e !== null && RETRYABLE_CODES.has(String((e as { code?: unknown }).code));
}

/** Socket errors of a connection to a database server that is down or unreachable (and ENOENT, below). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/**
 * 57P01–57P03: shutdown, crash, cannot connect now; 53300: too many connections; 25006: a
 * write reached a server that just became read-only (a primary stepping down in a failover).
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '25006']);
/** Messages of the PostgreSQL client when a connection breaks or cannot be made in time. */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|terminating connection|the database system is (starting up|shutting down|in recovery)|Client was closed/i;

/**
 * True when a failure says the database is unavailable (stopped, restarting, failing over,
 * out of connections), not that the request was wrong: SQLSTATE class 08 (connection
 * exception), the codes above, socket errors and the client's own connection messages.
 */
export function isDatabaseUnavailable(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const { code, message } = e as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (code.startsWith('08') || UNAVAILABLE_CODES.has(code)) return true;
    if (SOCKET_CODES.has(code)) return true;
    // Over a Unix socket (`?host=/run/postgresql`) a stopped server has removed its socket
    // file; only a connect's ENOENT is that, a missing file elsewhere is not the database.
    if (code === 'ENOENT' && (e as { syscall?: unknown }).syscall === 'connect') return true;
  }
  if (e instanceof AggregateError) return e.errors.some(isDatabaseUnavailable);
  // A prepared statement gone stale: its text is prepared afresh (db/statement-names.ts), so
  // the next attempt succeeds.
  if (isStalePreparedStatement(e)) return true;
  return typeof message === 'string' && CONNECTION_MESSAGES.test(message);
}
