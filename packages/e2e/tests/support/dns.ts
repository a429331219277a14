import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { DNS_PORT } from '../../playwright.config';

/**
 * A real DNS server (Debian's dnsmasq) on the port the journeys' Perch asks (DNS_SERVER),
 * serving the given TXT records. Returns a function that stops it.
 */
export async function serveTxtRecords(records: Record<string, string>): Promise<() => Promise<void>> {
  const binary = existsSync('/usr/sbin/dnsmasq') ? '/usr/sbin/dnsmasq' : 'dnsmasq';
  const args = [
    '--keep-in-foreground',
    '--conf-file=/dev/null',
    '--no-resolv',
    '--no-hosts',
    '--listen-address=127.0.0.1',
    '--bind-interfaces',
    `--port=${DNS_PORT}`,
    '--pid-file=',
    '--log-facility=-',
    '--local=/#/',
    ...Object.entries(records).map(([name, value]) => `--txt-record=${name},${value}`),
  ];
  const child: ChildProcess = spawn(binary, args, { stdio: 'ignore' });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    // dnsmasq binds at once; give it a moment, then make sure it is still running.
    setTimeout(
      () => (child.exitCode === null ? resolve() : reject(new Error(`dnsmasq exited (${child.exitCode})`))),
      300,
    );
  });
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}
