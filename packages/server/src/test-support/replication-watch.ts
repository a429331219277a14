import pg from 'pg';

/**
 * Watches the PostgreSQL nodes of a failover test: every few hundred milliseconds each node's
 * role (primary or standby), whether it takes writes, and its synchronous_standby_names. Keeps
 * the changes only, so a failing test can tell when a node stopped replicating synchronously,
 * was promoted, or went away.
 */
export interface ReplicationWatch {
  /** Stops watching; the changes, one a line, in seconds after `since`. */
  stop(): Promise<string>;
}

interface NodeState {
  standby: boolean;
  ro: string;
  sync: string;
  standbys: string;
}

async function stateOf(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000, query_timeout: 1000 });
  c.on('error', () => {});
  try {
    await c.connect();
    const { rows } = await c.query<NodeState>(
      `SELECT pg_is_in_recovery() AS standby, current_setting('transaction_read_only') AS ro,
              current_setting('synchronous_standby_names') AS sync,
              coalesce((SELECT string_agg(application_name || ' ' || sync_state || ' ' || flush_lsn, ', ')
                          FROM pg_stat_replication), '') AS standbys`,
    );
    const s = rows[0]!;
    return `${s.standby ? 'standby' : 'primary'}${s.ro === 'on' ? ' read-only' : ''}, synchronous_standby_names '${s.sync}', replicas: ${s.standbys.replace(/ [0-9A-F]+\/[0-9A-F]+/g, '') || 'none'}`;
  } catch (e) {
    return `unreachable (${(e as Error).message})`;
  } finally {
    void c.end().catch(() => {});
  }
}

export function watchReplication(nodes: Record<string, string>, since: number, everyMs = 250): ReplicationWatch {
  const last = new Map<string, string>();
  const changes: string[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const states = await Promise.all(Object.entries(nodes).map(async ([name, url]) => [name, await stateOf(url)]));
      for (const [name, state] of states) {
        if (last.get(name!) === state) continue;
        last.set(name!, state!);
        changes.push(`${((Date.now() - since) / 1000).toFixed(1)} s ${name}: ${state}`);
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return changes.join('\n');
    },
  };
}
