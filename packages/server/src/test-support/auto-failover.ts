import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './process.js';

/**
 * A highly available PostgreSQL under pg_auto_failover (Debian's postgresql-15-auto-failover
 * and pg-auto-failover-cli): a monitor, a primary and a synchronous standby, all on loopback
 * ports, each `pg_autoctl … --run` in a process group of its own so that a node can be lost
 * at once (SIGKILL of its keeper and its PostgreSQL). As root it runs as the `postgres` user.
 *
 * The monitor's health checks are shortened so a failover takes seconds, not the defaults'
 * half minute (see FAST_FAILOVER); production keeps pg_auto_failover's defaults.
 */
export interface AutoFailoverCluster {
  /** Both nodes, libpq style: `postgres://…@h1:p1,h2:p2/perch?target_session_attrs=read-write`. */
  url: string;
  /** The URL of one node, by name. */
  nodeUrl(name: NodeName): string;
  /** The node the monitor has as primary now (undefined while none is). */
  primary(): Promise<NodeName | undefined>;
  /** Each node's reported and assigned state on the monitor. */
  states(): Promise<{ name: string; reported: string; assigned: string }[]>;
  /** Loses a node at once: SIGKILL to its keeper and its PostgreSQL, like a machine dying. */
  kill(name: NodeName): void;
  /** Starts a lost node's keeper again: it rejoins as the standby. Waits until it is one. */
  rejoin(name: NodeName): Promise<void>;
  /** Waits until `primary` is the primary and `standby` its synchronous standby. */
  pair(primary: NodeName, standby: NodeName): Promise<void>;
  /** A planned switchover (`pg_autoctl perform switchover`): the standby becomes the primary. */
  switchover(): Promise<void>;
  /** The last lines of each pg_autoctl process's output (for a failing test's report). */
  logTail(): string;
  /** The monitor's events (state changes and why) since a time, oldest first, one a line. */
  events(since: Date): Promise<string>;
  /** Stops everything and removes the data. */
  destroy(): void;
}

export type NodeName = 'node1' | 'node2';

const BIN_ROOT = '/usr/lib/postgresql';
const isRoot = process.getuid?.() === 0;

/** Monitor settings for a failover within seconds on one machine. */
const FAST_FAILOVER: Record<string, number> = {
  'pgautofailover.health_check_period': 1000,
  'pgautofailover.health_check_timeout': 1000,
  'pgautofailover.health_check_max_retries': 1,
  'pgautofailover.health_check_retry_delay': 500,
  'pgautofailover.node_considered_unhealthy_timeout': 3000,
  'pgautofailover.primary_demote_timeout': 5000,
};

function postgresBin(): string {
  const versions = fs.existsSync(BIN_ROOT) ? fs.readdirSync(BIN_ROOT).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions
    .map((v) => path.join(BIN_ROOT, v, 'bin'))
    .find(
      (d) => fs.existsSync(path.join(d, 'initdb')) && fs.existsSync(path.join(d, '..', 'lib', 'pgautofailover.so')),
    );
  if (!bin) {
    throw new Error(
      'pg_auto_failover not found: install postgresql-15-auto-failover and pg-auto-failover-cli (see .ci/run)',
    );
  }
  return bin;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(
  what: string,
  fn: () => Promise<T | undefined>,
  timeoutMs: number,
  log: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined) return v;
    } catch {
      /* not there yet */
    }
    if (Date.now() > deadline) throw new Error(`pg_auto_failover: ${what} did not happen in ${timeoutMs} ms\n${log()}`);
    await sleep(250);
  }
}

async function query<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  c.on('error', () => {});
  await c.connect();
  try {
    return (await c.query<R>(text)).rows;
  } finally {
    await c.end().catch(() => {});
  }
}

export async function startAutoFailoverCluster(): Promise<AutoFailoverCluster> {
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-failover-'));
  if (isRoot) execFileSync('chown', ['postgres', dir]);
  const env = {
    PATH: `${bin}:/usr/sbin:/usr/bin:/sbin:/bin`,
    XDG_CONFIG_HOME: path.join(dir, 'config'),
    XDG_DATA_HOME: path.join(dir, 'data'),
    XDG_RUNTIME_DIR: path.join(dir, 'run'),
    HOME: dir,
    PGHOST: '127.0.0.1',
    LANG: 'C.UTF-8',
  };
  const [monitorPort, port1, port2] = [await freePort(), await freePort(), await freePort()];
  const ports: Record<NodeName, number> = { node1: port1, node2: port2 };
  const procs: ChildProcess[] = [];
  const logs: Record<string, string> = {};
  const logTail = () =>
    Object.entries(logs)
      .map(([k, v]) => `--- ${k}\n${v.split('\n').slice(-15).join('\n')}`)
      .join('\n');

  const autoctl = (name: string, args: string[]): ChildProcess => {
    const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', 'pg_autoctl', ...args]] : ['pg_autoctl', args];
    const proc = spawn(cmd, argv, { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    logs[name] = '';
    proc.on('error', (e) => (logs[name] += `\ncould not start pg_autoctl: ${e.message}`));
    const keep = (d: Buffer) => (logs[name] = (logs[name]! + d.toString()).slice(-20_000));
    proc.stdout?.on('data', keep);
    proc.stderr?.on('data', keep);
    procs.push(proc);
    return proc;
  };

  const monitorUrl = `postgres://postgres@127.0.0.1:${monitorPort}/pg_auto_failover`;
  const nodeUrl = (name: NodeName) => `postgres://postgres@127.0.0.1:${ports[name]}/perch`;
  const nodeProcs = new Map<NodeName, ChildProcess>();
  let waitForPair: (primary: NodeName, standby: NodeName) => Promise<void> = () => Promise.resolve();

  const destroy = () => {
    for (const p of procs) {
      try {
        if (p.pid) process.kill(-p.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    try {
      execFileSync('pkill', ['-9', '-f', dir], { stdio: 'ignore' });
    } catch {
      /* nothing left */
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    autoctl('monitor', [
      'create', 'monitor', '--pgdata', path.join(dir, 'monitor'), '--pgport', String(monitorPort),
      '--hostname', '127.0.0.1', '--listen', '127.0.0.1', '--auth', 'trust', '--no-ssl', '--run',
    ]); // prettier-ignore
    await until(
      'the monitor start',
      async () => (await query(monitorUrl, 'SELECT 1 FROM pgautofailover.formation')).length || undefined,
      60_000,
      logTail,
    );
    for (const [name, value] of Object.entries(FAST_FAILOVER))
      await query(monitorUrl, `ALTER SYSTEM SET ${name} = ${value}`);
    await query(monitorUrl, 'SELECT pg_reload_conf()');

    const monitorForNodes = `postgres://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover?sslmode=disable`;
    const createNode = (name: NodeName) =>
      nodeProcs.set(
        name,
        autoctl(name, [
          'create', 'postgres', '--pgdata', path.join(dir, name), '--pgport', String(ports[name]),
          '--hostname', '127.0.0.1', '--listen', '127.0.0.1', '--name', name, '--dbname', 'perch',
          '--auth', 'trust', '--no-ssl', '--monitor', monitorForNodes, '--run',
        ]), // prettier-ignore
      );
    const reported = async (name: NodeName) =>
      (
        await query<{ reportedstate: string }>(
          monitorUrl,
          `SELECT reportedstate FROM pgautofailover.node WHERE nodename = '${name}'`,
        )
      )[0]?.reportedstate;

    waitForPair = async (primary: NodeName, standby: NodeName) => {
      await until(
        `${primary} as primary and ${standby} as synchronous standby`,
        async () =>
          (await reported(primary)) === 'primary' && (await reported(standby)) === 'secondary' ? true : undefined,
        120_000,
        logTail,
      );
    };
    createNode('node1');
    await until(
      'node1 as single primary',
      async () => ((await reported('node1')) === 'single' ? true : undefined),
      90_000,
      logTail,
    );
    // The standby's base backup waits for a spread checkpoint, which on an almost empty
    // server takes most of checkpoint_timeout: make it quick.
    for (const setting of ["checkpoint_timeout = '30s'", 'checkpoint_completion_target = 0.1'])
      await query(nodeUrl('node1'), `ALTER SYSTEM SET ${setting}`);
    await query(nodeUrl('node1'), 'SELECT pg_reload_conf()');
    createNode('node2');
    await waitForPair('node1', 'node2');
  } catch (e) {
    destroy();
    throw e;
  }

  return {
    url: `postgres://postgres@127.0.0.1:${port1},127.0.0.1:${port2}/perch?target_session_attrs=read-write`,
    nodeUrl,
    primary: async () =>
      (
        await query<{ nodename: NodeName }>(
          monitorUrl,
          "SELECT nodename FROM pgautofailover.node WHERE reportedstate IN ('single', 'primary', 'wait_primary') AND goalstate = reportedstate",
        )
      )[0]?.nodename,
    states: async () =>
      (
        await query<{ nodename: string; reportedstate: string; goalstate: string }>(
          monitorUrl,
          'SELECT nodename, reportedstate, goalstate FROM pgautofailover.node ORDER BY nodeid',
        )
      ).map((r) => ({ name: r.nodename, reported: r.reportedstate, assigned: r.goalstate })),
    kill: (name) => {
      const p = nodeProcs.get(name);
      if (p?.pid) process.kill(-p.pid, 'SIGKILL');
      // Its PostgreSQL, should it have left the keeper's process group.
      try {
        execFileSync('pkill', ['-9', '-f', path.join(dir, name)], { stdio: 'ignore' });
      } catch {
        /* already gone */
      }
    },
    rejoin: async (name) => {
      nodeProcs.set(name, autoctl(`${name} (again)`, ['run', '--pgdata', path.join(dir, name)]));
      await waitForPair(name === 'node1' ? 'node2' : 'node1', name);
    },
    pair: (primary, standby) => waitForPair(primary, standby),
    switchover: async () => {
      const args = ['perform', 'switchover', '--pgdata', path.join(dir, 'monitor'), '--wait', '120'];
      const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', 'pg_autoctl', ...args]] : ['pg_autoctl', args];
      await new Promise<void>((resolve, reject) => {
        const p = spawn(cmd, argv, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        p.stdout?.on('data', (d: Buffer) => (out += d.toString()));
        p.stderr?.on('data', (d: Buffer) => (out += d.toString()));
        p.on('error', reject);
        p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`switchover failed (${code}):\n${out}`))));
      });
    },
    logTail,
    events: async (since) =>
      (
        await query<{
          at: string;
          node: string;
          reported: string;
          goal: string;
          rep: string;
          lsn: string;
          why: string;
        }>(
          monitorUrl,
          `SELECT to_char(eventtime AT TIME ZONE 'UTC', 'HH24:MI:SS.MS') AS at, nodename AS node,
                  reportedstate AS reported, goalstate AS goal, reportedrepstate AS rep, reportedlsn AS lsn,
                  description AS why
             FROM pgautofailover.event WHERE eventtime >= '${since.toISOString()}' ORDER BY eventid`,
        )
      )
        .map((e) => `${e.at} ${e.node} ${e.reported} ➜ ${e.goal} (${e.rep}, ${e.lsn}): ${e.why}`)
        .join('\n'),
    destroy,
  };
}
