import type { ChildProcess } from 'node:child_process';

/** Stops a child process with SIGTERM and waits until it has exited (at once if it already has). */
export function terminate(child: ChildProcess | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
