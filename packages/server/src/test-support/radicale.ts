import { spawn, type ChildProcess } from 'node:child_process';
import { terminate } from './child-process.js';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A real CalDAV server for tests: Debian's Radicale as a child process on a loopback port, with
 * its own folder, plain-text accounts and calendars made before it starts. Stop and start it
 * again on the same port and folder to play an outage.
 */

export interface RadicaleAccount {
  user: string;
  password: string;
  /** Calendars to create: collection name → display name. */
  calendars?: Record<string, string>;
}

export interface RadicaleServer {
  /** `http://127.0.0.1:<port>/`, the address a user types into Perch. */
  url: string;
  port: number;
  /** Calendar objects (the `.ics` files) of a calendar, by object name. */
  events(user: string, calendar: string): Record<string, string>;
  stop(): Promise<void>;
  /** Starts it again on the same port and folder (after `stop`). */
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  close(): Promise<void>;
}

export function radicalePath(): string {
  const found = [process.env.RADICALE, '/usr/bin/radicale', '/usr/local/bin/radicale'].find(
    (p) => p && fs.existsSync(p),
  );
  if (!found)
    throw new Error('Radicale is needed for the CalDAV tests: apt-get install radicale, or name it in RADICALE');
  return found;
}

async function freeTcpPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Waits until the server answers HTTP, or fails with its output when it exits. */
async function ready(proc: ChildProcess, url: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null)
      throw new Error(`radicale exited (${proc.exitCode ?? proc.signalCode}):\n${output()}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(500) });
      return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`radicale did not answer at ${url}:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startRadicale(accounts: RadicaleAccount[], wantedPort?: number): Promise<RadicaleServer> {
  const binary = radicalePath();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-radicale-'));
  const collections = path.join(dir, 'collections');
  fs.writeFileSync(path.join(dir, 'users'), accounts.map((a) => `${a.user}:${a.password}\n`).join(''));
  for (const account of accounts) {
    for (const [name, displayName] of Object.entries(account.calendars ?? {})) {
      const folder = path.join(collections, 'collection-root', account.user, name);
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(
        path.join(folder, '.Radicale.props'),
        JSON.stringify({
          tag: 'VCALENDAR',
          'D:displayname': displayName,
          'C:supported-calendar-component-set': 'VEVENT',
        }),
      );
    }
  }
  const port = wantedPort ?? (await freeTcpPort());
  const url = `http://127.0.0.1:${port}/`;
  const config = path.join(dir, 'config');
  fs.writeFileSync(
    config,
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${path.join(dir, 'users')}`,
      'htpasswd_encryption = plain',
      'delay = 0',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${collections}`,
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );

  let proc: ChildProcess | undefined;
  const start = async () => {
    let out = '';
    const child = spawn(binary, ['--config', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    const spawnError = new Promise<never>((_, reject) => child.once('error', reject));
    try {
      await Promise.race([ready(child, url, () => out), spawnError]);
    } catch (e) {
      child.kill('SIGKILL');
      throw e;
    }
    proc = child;
  };
  const stop = () => {
    const child = proc;
    proc = undefined;
    return terminate(child);
  };

  await start();
  return {
    url,
    port,
    events(user, calendar) {
      const folder = path.join(collections, 'collection-root', user, calendar);
      const found: Record<string, string> = {};
      if (!fs.existsSync(folder)) return found;
      for (const name of fs.readdirSync(folder)) {
        if (name.startsWith('.')) continue;
        found[name] = fs.readFileSync(path.join(folder, name), 'utf8');
      }
      return found;
    },
    stop,
    start,
    async close() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
