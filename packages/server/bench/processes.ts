// Starting a server process for the benchmarks and waiting until it answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../src/test-support/process.js';

export interface Started {
  url: string;
  /** The server's process id (the sign-in flood benchmark reads its memory). */
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Runs `node <args>` in `cwd` on a free port and resolves once `/healthcheck` answers. */
export async function startProcess(cwd: string, args: string[], env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const proc: ChildProcess = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`the process ${args.join(' ')} ended with ${proc.exitCode}`);
    try {
      if ((await fetch(`${url}/healthcheck`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: proc.pid,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}
