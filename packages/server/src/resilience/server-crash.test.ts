import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login, PerchClient } from '@perch/client';
import type { Preflight } from '@perch/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../test-support/postgres-cluster.js';
import { spawnServer } from '../test-support/process.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/server.js';
import { prepareFloor, startBookingLoad } from '../test-support/booking-load.js';

/**
 * A server killed with SIGKILL in the middle of booking load: every booking it acknowledged
 * (201) is there when a server runs again, on PostgreSQL and on the embedded database.
 */
const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));

async function acknowledgedSurvive(env: Record<string, string>): Promise<void> {
  const first = await spawnServer(env);
  const floor = await prepareFloor(first.url, 6);
  const load = startBookingLoad([first.url], floor);
  await new Promise((r) => setTimeout(r, 2000));
  first.proc.kill('SIGKILL');
  await new Promise((r) => first.proc.once('exit', r));
  await load.stop();
  expect(load.acknowledged.length, 'bookings acknowledged before the kill').toBeGreaterThan(20);

  const again = await spawnServer(env);
  try {
    const orgId = ((await (await fetch(`${again.url}/auth/singleorg`)).json()) as Preflight).organization.id;
    const admin = new PerchClient({ baseUrl: again.url });
    await login(admin, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, organizationId: orgId });
    const missing: string[] = [];
    for (const id of load.acknowledged) {
      try {
        await admin.get(`/booking/${id}`);
      } catch {
        missing.push(id);
      }
    }
    console.log(
      `${env.DATABASE_URL ? 'PostgreSQL' : 'embedded database'}: ${load.acknowledged.length} bookings acknowledged ` +
        `before SIGKILL, ${missing.length} missing after the restart`,
    );
    expect(missing).toEqual([]);
  } finally {
    await again.stop();
  }
}

describe('SIGKILL of a server under booking load', () => {
  it('loses no acknowledged booking on PostgreSQL', async () => {
    const cluster: PostgresCluster = await startPostgresCluster();
    cleanups.push(() => cluster.destroy());
    await acknowledgedSurvive({ DATABASE_URL: cluster.url });
  });

  it('loses no acknowledged booking on the embedded database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    await acknowledgedSurvive({ DATABASE_URL: '', POSTGRES_URL: '', DATA_DIR: dataDir });
  });
});
