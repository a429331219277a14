import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { testEnv } from './server.js';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
/** The compiled server, as production runs it (`npx tsc -b packages/contract packages/client packages/server`). */
export const COMPILED_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ServerProcess {
  url: string;
  proc: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the real server as its own operating-system process and waits until it is healthy.
 * `compiled`: run dist/main.js with plain node instead of the sources through tsx.
 */
export async function spawnServer(
  env: Record<string, string>,
  opts: { compiled?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  let out = '';
  const proc = spawn(process.execPath, opts.compiled ? [COMPILED_MAIN] : ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...process.env, ...testEnv, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}:\n${out}`);
    try {
      if ((await fetch(`${url}/healthcheck`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    proc,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}
