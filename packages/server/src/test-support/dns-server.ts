import { spawn, type ChildProcess } from 'node:child_process';
import { terminate } from './child-process.js';
import dgram from 'node:dgram';
import fs from 'node:fs';
import { Resolver } from 'node:dns/promises';

/** Where Debian installs dnsmasq (/usr/sbin is not on every user's PATH). */
const CANDIDATES = ['/usr/sbin/dnsmasq', '/usr/bin/dnsmasq', '/usr/local/sbin/dnsmasq'];

/** What the test DNS server answers; every other name is NXDOMAIN. */
export interface DnsRecords {
  /** TXT records: name → value(s). */
  txt?: Record<string, string | string[]>;
  /** A records: name → IPv4 address (also for names below it). */
  a?: Record<string, string>;
}

export interface DnsServer {
  /** `127.0.0.1:<port>`, as DNS_SERVER takes it. */
  address: string;
  port: number;
  /** Restarts the server on the same address with other records. */
  restart(records: DnsRecords): Promise<void>;
  stop(): Promise<void>;
}

export function dnsmasqPath(): string {
  const found = [process.env.DNSMASQ, ...CANDIDATES].find((p) => p && fs.existsSync(p));
  if (!found) {
    throw new Error(
      'dnsmasq is needed for the system tests: install dnsmasq (apt-get install dnsmasq, or dnsmasq-base for the program ' +
        'alone), or name it in DNSMASQ',
    );
  }
  return found;
}

async function freeUdpPort(): Promise<number> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

function args(port: number, records: DnsRecords): string[] {
  const list = [
    '--keep-in-foreground',
    '--conf-file=/dev/null',
    '--no-resolv',
    '--no-hosts',
    '--listen-address=127.0.0.1',
    '--bind-interfaces',
    `--port=${port}`,
    '--pid-file=',
    '--log-facility=-',
    // Authoritative for everything: a name it does not know is NXDOMAIN, not REFUSED.
    '--local=/#/',
  ];
  // One record per value (a comma inside a value would split it into chunks of one record).
  for (const [name, values] of Object.entries(records.txt ?? {})) {
    for (const v of Array.isArray(values) ? values : [values]) list.push(`--txt-record=${name},${v}`);
  }
  for (const [name, ip] of Object.entries(records.a ?? {})) list.push(`--address=/${name}/${ip}`);
  return list;
}

/** Waits until the server answers queries, or fails with its output when it exits. */
async function ready(proc: ChildProcess, port: number, output: () => string): Promise<void> {
  const resolver = new Resolver({ timeout: 200, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      throw new Error(`dnsmasq exited (${proc.exitCode ?? proc.signalCode}):\n${output()}`);
    }
    try {
      await resolver.resolve4('ready.check.invalid');
      return;
    } catch (e) {
      // NXDOMAIN is an answer: the server is up.
      if ((e as { code?: string }).code === 'ENOTFOUND') return;
    }
    if (Date.now() > deadline) throw new Error(`dnsmasq did not answer on port ${port}:\n${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Runs dnsmasq as a child process on a free loopback port, answering `records` and nothing else
 * (no upstream servers, no /etc/hosts).
 */
export async function startDnsServer(records: DnsRecords = {}): Promise<DnsServer> {
  const binary = dnsmasqPath();
  let proc: ChildProcess | undefined;
  let port = 0;

  const launch = async (wanted: number | undefined, recs: DnsRecords) => {
    for (let attempt = 1; ; attempt++) {
      const p = wanted ?? (await freeUdpPort());
      let out = '';
      const child = spawn(binary, args(p, recs), { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
      const spawnError = new Promise<never>((_, reject) => child.once('error', reject));
      try {
        await Promise.race([ready(child, p, () => out), spawnError]);
        proc = child;
        port = p;
        return;
      } catch (e) {
        child.kill('SIGKILL');
        // The port was taken between choosing and binding it (or is not free yet): try again.
        if (attempt >= 5 || !/in use/i.test(out)) throw e;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  };

  const stop = () => {
    const child = proc;
    proc = undefined;
    return terminate(child);
  };

  await launch(undefined, records);
  return {
    get address() {
      return `127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    async restart(recs) {
      await stop();
      await launch(port, recs);
    },
    stop,
  };
}
