import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { login, PerchClient } from '@perch/client';
import type { Booking, Preflight, User } from '@perch/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/connection.js';
import { readMigrations } from '../db/migrate.js';
import { wall } from '../test-support/bookings.js';
import { spawnServer, type ServerProcess } from '../test-support/process.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, TEST_PASSWORD } from '../test-support/server.js';

/**
 * `npm run backup` / `npm run restore` as an operator runs them: the compiled commands against
 * compiled servers (both from dist, as in a production install), on embedded data folders.
 */
const CLI = fileURLToPath(new URL('../../dist/backup/cli.js', import.meta.url));
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-backup-'));
const at = (name: string) => path.join(root, name);
const embedded = (dataDir: string) => ({ DATABASE_URL: '', POSTGRES_URL: '', DATA_DIR: dataDir });
const Z = 'Europe/Berlin';

const servers: ServerProcess[] = [];
async function start(dataDir: string): Promise<ServerProcess> {
  const s = await spawnServer(embedded(dataDir), { compiled: true });
  servers.push(s);
  return s;
}

beforeAll(() => {
  if (!fs.existsSync(CLI))
    throw new Error('Compile the server first: npx tsc -b packages/contract packages/client packages/server');
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  fs.rmSync(root, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the backup command (`backup …` or `restore …`) as `npm run` would, from another folder. */
function cli(args: string[], dataDir?: string): Promise<Run> {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: root,
    // npm runs scripts in the repository root and says where it was called from in INIT_CWD.
    env: {
      ...process.env,
      INIT_CWD: root,
      DATABASE_URL: '',
      POSTGRES_URL: '',
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

async function signIn(url: string, email: string, password: string): Promise<{ c: PerchClient; orgId: string }> {
  const orgId = ((await (await fetch(`${url}/auth/singleorg`)).json()) as Preflight).organization.id;
  const c = new PerchClient({ baseUrl: url });
  await login(c, { email, password, organizationId: orgId });
  return { c, orgId };
}

/** Every booking of the organisation (fully inside the next two months). */
async function allBookings(admin: PerchClient): Promise<Booking[]> {
  const start = new Date(Date.now() - 86_400_000).toISOString();
  const end = new Date(Date.now() + 70 * 86_400_000).toISOString();
  return admin.get<Booking[]>('/booking/filter/', { start, end });
}

describe('backups of the embedded database', () => {
  it('are taken while the server runs and bookings are made, and restore into a fresh folder with every booking (refused once a newer version migrated it)', async () => {
    const dataDir = at('live');
    const a = await start(dataDir);
    const { c: admin, orgId } = await signIn(a.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.put('/setting/', [
      { name: 'max_bookings_per_user', value: '9999' },
      { name: 'max_days_in_advance', value: '60' },
    ]);
    const locationId = (await admin.post('/location/', { name: 'Floor 1', enabled: true, timezone: Z })).objectId!;
    const desks: string[] = [];
    for (let i = 1; i <= 4; i++)
      desks.push((await admin.post(`/location/${locationId}/space/`, { name: `Desk ${i}` })).objectId!);
    const userId = (
      await admin.post('/user/', { email: 'kept@test.perch.local', firstname: 'Kept', lastname: 'User', role: 0 })
    ).objectId!;
    await admin.put(`/user/${userId}/password`, { password: TEST_PASSWORD });

    // One-hour slots on desks 2–4 over the coming days; desk 1 takes a weekly series.
    const slots = desks
      .slice(1)
      .flatMap((desk) =>
        Array.from({ length: 30 }, (_, d) =>
          Array.from({ length: 9 }, (_, h) => ({ desk, enter: wall(Z, d + 1, 8 + h), leave: wall(Z, d + 1, 9 + h) })),
        ).flat(),
      );
    let next = 0;
    const book = async (): Promise<string> => {
      const slot = slots[next++]!;
      return (await admin.post('/booking/', { spaceId: slot.desk, enter: slot.enter, leave: slot.leave })).objectId!;
    };
    const before: string[] = [];
    for (let i = 0; i < 12; i++) before.push(await book());
    const series = await admin.post<{ id: string; success: boolean }[]>('/recurring-booking/', {
      spaceId: desks[0],
      subject: 'Team day',
      enter: wall(Z, 1, 9),
      leave: wall(Z, 1, 17),
      end: wall(Z, 29, 0),
      cadence: 2,
      cycle: 1,
      weekdays: [1, 3],
    });
    expect(series.status).toBe(201);
    before.push(...series.data.filter((o) => o.success).map((o) => o.id));

    // A restore refuses the folder of a running server.
    const inUse = await cli(['restore', path.join(root, 'none.tar.gz')], dataDir);
    expect(inUse.code).toBe(2);
    expect(inUse.stderr).toContain(`in use by a running Perch server (pid ${a.proc.pid})`);

    // The backup, while bookings keep being made.
    const during: string[] = [];
    let backingUp = true;
    const load = (async () => {
      while (backingUp && next < slots.length) during.push(await book());
    })().catch((e: unknown) => `booking during the backup failed: ${String(e)}`);
    const started = performance.now();
    const taken = await cli(['backup', '--out', 'live.tar.gz'], dataDir);
    backingUp = false;
    expect(await load).toBeUndefined();
    console.log(
      `backup of a running server: ${Math.round(performance.now() - started)} ms, ${during.length} bookings made meanwhile`,
    );
    expect(taken.stderr).toBe('');
    expect(taken.code).toBe(0);
    expect(taken.stdout).toContain(`Backup written by the running server (pid ${a.proc.pid})`);
    expect(taken.stdout).toContain(at('live.tar.gz'));
    expect(during.length).toBeGreaterThan(0);
    const created = new Set([...before, ...during]);
    await a.stop();

    // Never over existing data.
    const notEmpty = await cli(['restore', at('live.tar.gz')], dataDir);
    expect(notEmpty.code).toBe(2);
    expect(notEmpty.stderr).toContain('is not empty');

    const restoredDir = at('restored');
    const restored = await cli(['restore', 'live.tar.gz', '--data-dir', 'restored']);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`into ${restoredDir}`);

    const b = await start(restoredDir);
    const { c: admin2, orgId: orgId2 } = await signIn(b.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(orgId2).toBe(orgId);
    const ids = (await allBookings(admin2)).map((x) => x.id);
    // Everything made before the backup, nothing that was never made; of the bookings made
    // meanwhile, those the copy caught.
    for (const id of before) expect(ids).toContain(id);
    for (const id of ids) expect(created.has(id)).toBe(true);
    expect(restored.stdout).toContain(`${ids.length} booking(s)`);
    expect((await admin2.get<{ id: string }>(`/recurring-booking/${series.objectId}`)).id).toBe(series.objectId);
    // The user, and the admin's password from before the backup (signed in above).
    expect((await admin2.get<User[]>('/user/')).map((u) => [u.id, u.email])).toContainEqual([
      userId,
      'kept@test.perch.local',
    ]);
    await b.stop();

    // A folder no server holds: the command reads it itself (here into an uncompressed .tar).
    const offline = await cli(['backup', '--data-dir', restoredDir, '--out', at('offline.tar')]);
    expect(offline.code).toBe(0);
    expect(offline.stdout).toContain('no server was running');
    expect(fs.existsSync(path.join(restoredDir, 'perch.lock'))).toBe(false);
    const again = await cli(['restore', at('offline.tar'), '--data-dir', at('again')]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`${ids.length} booking(s)`);

    // The restored folder once a newer version has migrated it: the server refuses it (exit code 2).
    const newest = Math.max(...readMigrations().map((m) => m.version));
    const handle = await openPglite(at('again'));
    await handle.db
      .insertInto('schema_migrations')
      .values({ version: newest + 1, name: 'from_a_newer_version' })
      .execute();
    await handle.close();
    const refused = await start(at('again')).then(
      () => '',
      (e: Error) => e.message,
    );
    expect(refused).toContain('server exited with 2');
    expect(refused).toContain(
      `This database was upgraded by a newer version of Perch (schema ${newest + 1}, this version knows up to ${newest}). ` +
        'Start the newer version, or restore a backup taken before the upgrade.',
    );
  }, 240_000);

  it('refuses what is not a backup, and leaves no folder behind', async () => {
    fs.writeFileSync(at('notes.txt'), 'not a backup');
    const r = await cli(['restore', at('notes.txt'), '--data-dir', at('nothing')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is not a Perch backup');
    expect(fs.existsSync(at('nothing'))).toBe(false);
    const none = await cli(['backup', '--data-dir', at('nothing')]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('There is no Perch database');
  });

  it('never signals a process that holds the lock but takes no backup requests', async () => {
    // Another program that got the pid of a stale lock (or an older Perch): SIGUSR2 would end it.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      const dataDir = at('foreign');
      fs.mkdirSync(dataDir);
      fs.writeFileSync(path.join(dataDir, 'perch.lock'), String(other.pid));
      const r = await cli(['backup'], dataDir);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`held by process ${other.pid}, which does not take backup requests`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(other.exitCode).toBeNull();
      expect(other.signalCode).toBeNull();
    } finally {
      other.kill();
    }
  });
});
