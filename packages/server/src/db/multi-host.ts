import pg from 'pg';

/**
 * Several PostgreSQL servers in one DATABASE_URL, the libpq way:
 * `postgres://user@h1:5432,h2:5432/perch?target_session_attrs=read-write`.
 *
 * node-postgres reads one host only, so Perch finds the writable server itself: each new
 * connection goes to the server last found writable; when that one fails or turns read-only
 * (a failover: pg_auto_failover, Patroni, a manual promotion), the servers are probed again
 * (`pg_is_in_recovery()` and `transaction_read_only`) and new connections follow the new
 * primary. Nothing needs a restart.
 */

export interface ServerAddress {
  host: string;
  port: number;
}

export interface MultiHostUrl {
  /** The servers in the order given. */
  servers: ServerAddress[];
  /** The URL with the first server only, which node-postgres understands. */
  singleHostUrl: string;
  /** The URL with one given server. */
  urlFor(server: ServerAddress): string;
  /** libpq's target_session_attrs: `read-write` (the default here with several hosts) or `any`. */
  targetSessionAttrs: 'read-write' | 'any';
}

const DEFAULT_PORT = 5432;

function parseServer(part: string, defaultPort: number): ServerAddress {
  const v6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(part);
  if (v6) return { host: v6[1]!, port: v6[2] ? Number(v6[2]) : defaultPort };
  const [host, port] = part.split(':');
  if (!host) throw new Error(`DATABASE_URL: a host is missing in "${part}"`);
  if (port !== undefined && !/^\d{1,5}$/.test(port)) throw new Error(`DATABASE_URL: "${port}" is not a port`);
  return { host, port: port ? Number(port) : defaultPort };
}

/**
 * Reads a postgres:// URL. Returns undefined for a URL with one host and no
 * target_session_attrs (node-postgres connects as it always did).
 */
export function parseMultiHostUrl(url: string): MultiHostUrl | undefined {
  const m = /^(postgres(?:ql)?:\/\/)([^/?#]*)(.*)$/.exec(url);
  if (!m) return undefined;
  const [, scheme, authority, rest] = m as unknown as [string, string, string, string];
  const at = authority.lastIndexOf('@');
  const userinfo = at >= 0 ? authority.slice(0, at + 1) : '';
  const hostList = authority.slice(at + 1);
  const query = new URLSearchParams(rest.includes('?') ? rest.slice(rest.indexOf('?') + 1).split('#')[0] : '');
  const attrs = query.get('target_session_attrs');
  const parts = hostList.split(',');
  if (parts.length < 2 && !attrs) return undefined;
  if (attrs && attrs !== 'read-write' && attrs !== 'any')
    throw new Error(`DATABASE_URL: target_session_attrs=${attrs} is not supported (read-write or any)`);
  const servers = parts.map((p) => parseServer(p, DEFAULT_PORT));
  query.delete('target_session_attrs');
  const path = rest.split('?')[0]!.split('#')[0]!;
  const q = query.toString();
  const urlFor = (server: ServerAddress) =>
    `${scheme}${userinfo}${server.host.includes(':') ? `[${server.host}]` : server.host}:${server.port}${path}${q ? `?${q}` : ''}`;
  return {
    servers,
    singleHostUrl: urlFor(servers[0]!),
    urlFor,
    targetSessionAttrs: attrs === 'any' ? 'any' : 'read-write',
  };
}

/** No server of the list accepted a writing session. Answered like a database outage (503). */
export class NoWritableServerError extends Error {
  /** SQLSTATE 08001: sqlclient_unable_to_establish_sqlconnection. */
  readonly code = '08001';
}

const same = (a: ServerAddress, b: ServerAddress) => a.host === b.host && a.port === b.port;
const label = (s: ServerAddress) => `${s.host}:${s.port}`;

/**
 * Whether a connected session may write: not a standby, not read-only by default. A server
 * that does not answer within `timeoutMs` counts as unreachable (the query fails).
 */
export async function sessionIsWritable(client: pg.ClientBase, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    // SQLSTATE 08006, connection_failure: the request answers 503 like for any lost connection.
    const err = Object.assign(new Error(`The PostgreSQL server did not answer within ${timeoutMs} ms`), {
      code: '08006',
    });
    timer = setTimeout(() => reject(err), timeoutMs);
  });
  try {
    // The caller ends the client when this fails, which also ends the query left waiting.
    const { rows } = await Promise.race([
      client.query<{ standby: boolean; ro: string }>(
        "SELECT pg_is_in_recovery() AS standby, current_setting('transaction_read_only') AS ro",
      ),
      timeout,
    ]);
    return rows[0]!.standby === false && rows[0]!.ro === 'off';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Knows which server of the list to connect to. `locate()` answers from memory; after
 * `forget()` it probes every server at once and keeps the first of the list that is writable
 * (or, with target_session_attrs=any, the first that answers). Concurrent callers share one
 * probe.
 */
export class PrimaryLocator {
  private current: ServerAddress | undefined;
  private probing: Promise<ServerAddress> | undefined;

  constructor(
    private readonly url: MultiHostUrl,
    private readonly probeTimeoutMs: number,
    private readonly onChange: (server: ServerAddress) => void = () => {},
  ) {}

  get servers(): ServerAddress[] {
    return this.url.servers;
  }

  locate(): Promise<ServerAddress> {
    if (this.current) return Promise.resolve(this.current);
    this.probing ??= this.probe().finally(() => {
      this.probing = undefined;
    });
    return this.probing;
  }

  /** The server stopped answering or took a read-only role: find the primary again. */
  forget(server?: ServerAddress): void {
    if (!server || (this.current && same(this.current, server))) this.current = undefined;
  }

  private async probe(): Promise<ServerAddress> {
    const results = await Promise.all(this.url.servers.map((s) => this.check(s)));
    const found = this.url.servers.find((_, i) => results[i] === true);
    if (!found) {
      const states = this.url.servers.map(
        (s, i) => `${label(s)} ${results[i] === false ? 'read-only' : 'unreachable'}`,
      );
      throw new NoWritableServerError(`No writable PostgreSQL server: ${states.join(', ')}`);
    }
    if (!this.current || !same(this.current, found)) this.onChange(found);
    this.current = found;
    return found;
  }

  /** true: writable; false: answers but read-only; undefined: unreachable. */
  private async check(server: ServerAddress): Promise<boolean | undefined> {
    const client = new pg.Client({
      connectionString: this.url.urlFor(server),
      connectionTimeoutMillis: this.probeTimeoutMs,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      if (this.url.targetSessionAttrs === 'any') return true;
      return await sessionIsWritable(client, this.probeTimeoutMs);
    } catch {
      return undefined;
    } finally {
      void client.end().catch(() => {});
    }
  }
}

/** The parts of pg.Client the located client overrides or sets, loosely typed. */
interface LooseClient {
  host: string;
  port: number;
  connectionParameters: ServerAddress;
  connect(callback?: (err: Error) => void): Promise<unknown> | void;
  query(...args: unknown[]): unknown;
  end(): Promise<void>;
}

/**
 * A node-postgres Client class for a pool: every new connection asks the locator where the
 * primary is and connects there.
 */
export function clientClassFor(locator: PrimaryLocator): typeof pg.Client {
  return class LocatedClient extends (pg.Client as unknown as new (config?: pg.ClientConfig) => LooseClient) {
    /** The server this connection went to. */
    server: ServerAddress | undefined;

    override connect(callback?: (err: Error) => void): Promise<void> | void {
      const connecting = locator.locate().then((server) => {
        this.server = server;
        // Set before the socket opens: pg.Client connects to this.host and this.port.
        this.host = server.host;
        this.port = server.port;
        this.connectionParameters.host = server.host;
        this.connectionParameters.port = server.port;
        return super.connect();
      });
      const done = connecting.then(
        () => undefined,
        (err: Error) => {
          locator.forget(this.server);
          throw err;
        },
      );
      if (!callback) return done;
      done.then(
        () => callback(undefined as unknown as Error),
        (err: Error) => callback(err),
      );
    }

    /**
     * A write refused as read-only (25006) means this server stepped down (a planned
     * switchover drains the old primary without closing its sessions): the primary is looked
     * for again and this connection ends, so the pool drops it on release.
     */
    override query(...args: unknown[]): unknown {
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = (err: Error | null, res: unknown) => {
          if (err) this.noteError(err);
          (callback as (e: Error | null, r: unknown) => void)(err, res);
        };
        return super.query(...args);
      }
      const result = super.query(...args);
      if (result instanceof Promise) result.then(undefined, (err: Error) => this.noteError(err));
      return result;
    }

    private noteError(err: Error): void {
      if ((err as { code?: unknown }).code !== '25006') return;
      locator.forget(this.server);
      void this.end().catch(() => {});
    }
  } as unknown as typeof pg.Client;
}
