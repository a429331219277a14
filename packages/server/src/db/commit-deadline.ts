import net from 'node:net';

/**
 * A deadline for the confirmation of a write.
 *
 * With synchronous replication PostgreSQL confirms a COMMIT only once the synchronous standby
 * has it. When that standby is gone — promoted in a switchover while the old primary still
 * runs, or lost before the failover manager turns synchronous replication off — the COMMIT
 * waits for ever: statement_timeout does not cover that wait, a client that disconnects leaves
 * it waiting, and the waiting transaction keeps its row locks, so the next bookings of the same
 * person or desk wait behind it. Without a deadline every request that writes hangs, each
 * holding one of the pool's connections, until no request gets a connection at all.
 *
 * So a statement that commits (COMMIT, or a write outside a transaction block) must be
 * confirmed within the deadline. When it is not, its wait is cancelled, as pg_auto_failover
 * does when it turns synchronous replication off: the transaction ends on this server (its
 * locks are released, the connection stays usable) but is not known to be on the standby.
 * PostgreSQL then reports success with a warning; here the statement fails instead with
 * SQLSTATE 08007, "transaction resolution unknown": the request answers 503 and the client
 * asks again, never 201 for a write a failover may lose. The same holds for a wait cancelled
 * by anyone else. A server that does not even answer the cancellation loses the connection.
 *
 * Writes that wait for the same lock (one person's bookings) reach their commit one after the
 * other; were each given the whole deadline, the last would wait for all of them. So once a
 * commit has gone unconfirmed, the commits of the following deadline's length are cancelled
 * after a short grace: the first write waits the deadline, the others little more than their
 * turn. A commit confirmed in time ends that at once.
 */

/** The write may or may not be kept: nobody can tell until the database is asked again. */
export class CommitOutcomeUnknownError extends Error {
  /** SQLSTATE 08007: transaction_resolution_unknown. */
  readonly code = '08007';
}

const COMMIT = /^\s*(commit|end)\b/i;
const WRITE = /^\s*(insert|update|delete|merge|with)\b/i;

/** The statement's text, whether it is given as a string or as a query config. */
function textOf(statement: unknown): string | undefined {
  if (typeof statement === 'string') return statement;
  const text = (statement as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : undefined;
}

/**
 * Whether the statement ends with a commit: COMMIT itself, or a write sent while the session
 * is outside a transaction block (statements go one at a time, so the status the server sent
 * with its last answer is the one this statement runs in).
 */
export function commitsWrite(statement: unknown, transactionStatus: 'I' | 'T' | 'E' | null): boolean {
  const text = textOf(statement);
  if (text === undefined) return false;
  return COMMIT.test(text) || ((transactionStatus ?? 'I') === 'I' && WRITE.test(text));
}

/**
 * Asks the server to cancel what a session is doing: PostgreSQL's CancelRequest, sent on a
 * connection of its own (16 bytes: length, the request code 80877102, process id, secret key).
 * Nothing is answered; the session's statement ends with a cancellation.
 */
function sendCancelRequest(host: string, port: number, processID: number, secretKey: number): void {
  const packet = Buffer.alloc(16);
  packet.writeInt32BE(16, 0);
  packet.writeInt32BE(80877102, 4);
  packet.writeInt32BE(processID, 8);
  packet.writeInt32BE(secretKey, 12);
  const socket = host.startsWith('/') ? net.connect(`${host}/.s.PGSQL.${port}`) : net.connect(port, host);
  socket.setTimeout(5000, () => socket.destroy());
  socket.on('error', () => socket.destroy());
  socket.on('connect', () => socket.end(packet));
}

/** The parts of pg.Client the deadline uses, loosely typed. */
interface PgClient {
  host: string;
  port: number;
  processID: number | null;
  secretKey: number | null;
  getTransactionStatus(): 'I' | 'T' | 'E' | null;
  on(event: 'notice', listener: (notice: { code?: string }) => void): unknown;
  off(event: 'notice', listener: (notice: { code?: string }) => void): unknown;
  end(): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's constructor must take any[]
type AnyClient = new (...args: any[]) => { query(...args: unknown[]): unknown };

/** SQLSTATE of a plain WARNING: how PostgreSQL reports a cancelled wait for the standby. */
const WARNING = '01000';
/** How long a commit may wait while the commits before it went unconfirmed. */
const STALLED_GRACE_MS = 500;

/**
 * A pg.Client class whose writes must be confirmed within `timeoutMs`. `onAbandon` hears about
 * each connection closed because its server answered neither the commit nor its cancellation.
 */
export function commitDeadlineClientClass<C extends AnyClient>(
  Base: C,
  timeoutMs: number,
  onAbandon: (err: Error) => void = () => {},
): C {
  /** Until when commits wait only the short grace (a commit went unconfirmed shortly before). */
  let stalledUntil = 0;
  return class CommitDeadlineClient extends Base {
    private get pg(): PgClient {
      return this as unknown as PgClient;
    }

    override query(...args: unknown[]): unknown {
      if (!commitsWrite(args[0], this.pg.getTransactionStatus())) return super.query(...args);
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback !== 'function') return this.confirmed(super.query(...args) as Promise<unknown>);
      this.confirmed(super.query(...args.slice(0, last)) as Promise<unknown>).then(
        (res) => (callback as (err: Error | null, res?: unknown) => void)(null, res),
        (err: Error) => (callback as (err: Error) => void)(err),
      );
      return undefined;
    }

    private confirmed(running: Promise<unknown>): Promise<unknown> {
      let cancelled = false;
      let overdue = false;
      let settled = false;
      const onNotice = (notice: { code?: string }) => {
        if (notice.code === WARNING) cancelled = true;
      };
      this.pg.on('notice', onNotice);
      const timers: NodeJS.Timeout[] = [];
      const waitMs = Date.now() < stalledUntil ? Math.min(STALLED_GRACE_MS, timeoutMs) : timeoutMs;
      const abandoned = new Promise<never>((_, reject) => {
        timers.push(
          setTimeout(() => {
            if (settled) return;
            overdue = true;
            stalledUntil = Date.now() + timeoutMs;
            const { host, port, processID, secretKey } = this.pg;
            if (processID !== null && secretKey !== null) sendCancelRequest(host, port, processID, secretKey);
            // No answer to the cancellation either: the server is gone, and so is this connection.
            timers.push(
              setTimeout(() => {
                const err = new CommitOutcomeUnknownError(
                  `The database confirmed neither a commit nor its cancellation within ${waitMs + timeoutMs} ms: ` +
                    'the connection is closed and the write may or may not be kept',
                );
                reject(err);
                onAbandon(err);
                void this.pg.end().catch(() => {});
              }, timeoutMs),
            );
          }, waitMs),
        );
      });
      return Promise.race([running, abandoned])
        .then((res) => {
          if (overdue && cancelled)
            throw new CommitOutcomeUnknownError(
              `The database did not confirm a commit within ${waitMs} ms (a synchronous standby gone?): ` +
                'its wait was cancelled, and the write is kept on one server only',
            );
          if (cancelled)
            throw new CommitOutcomeUnknownError(
              'The wait for the synchronous standby was cancelled: the write is kept on one server only',
            );
          if (!overdue) stalledUntil = 0;
          return res;
        })
        .finally(() => {
          settled = true;
          for (const t of timers) clearTimeout(t);
          this.pg.off('notice', onNotice);
        });
    }
  };
}
