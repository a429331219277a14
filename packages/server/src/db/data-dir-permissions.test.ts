import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { login, PerchClient } from '@perch/client';
import type { Preflight } from '@perch/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../test-support/process.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../test-support/server.js';

/**
 * The embedded database's folder is readable by the server's user alone: it holds every password
 * hash and, without CRYPT_KEY, the key of every stored secret. PGlite writes most of its files
 * 0666; the server narrows them when it opens the folder, and its umask covers what comes later.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-private-'));
const env = { DATABASE_URL: '', POSTGRES_URL: '', DATA_DIR: dataDir, NODE_ENV: 'production' };
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Entries under the folder (itself included) whose mode lets group or others in, by mode. */
function openToOthers(dir: string): { total: number; open: Record<string, number> } {
  let total = 0;
  const open: Record<string, number> = {};
  const walk = (p: string): void => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    total++;
    if (st.mode & 0o077) {
      const mode = `${st.isDirectory() ? 'folder' : 'file'} ${(st.mode & 0o777).toString(8)}`;
      open[mode] = (open[mode] ?? 0) + 1;
    }
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
  };
  walk(dir);
  return { total, open };
}

/** Signs in and adds a user, so the database writes new files while it runs. */
async function writeSomething(url: string, email: string): Promise<void> {
  const orgId = ((await (await fetch(`${url}/auth/singleorg`)).json()) as Preflight).organization.id;
  const c = new PerchClient({ baseUrl: url });
  await login(c, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, organizationId: orgId });
  await c.post('/user/', { firstname: 'Test', lastname: 'User', email, role: 0 });
}

describe('the embedded database folder', () => {
  it('is private to the server user, also after an older version left it open', async () => {
    // A folder made beforehand with the usual 0755 (mkdir, systemd's StateDirectory, a volume).
    fs.chmodSync(dataDir, 0o755);
    const first = await spawnServer(env);
    try {
      await writeSomething(first.url, 'first@test.perch.local');
      expect(openToOthers(dataDir).open).toEqual({});
    } finally {
      await first.stop();
    }
    // Production without CRYPT_KEY: said at start.
    expect(first.output()).toMatch(/CRYPT_KEY is not set: the key of the stored secrets .* is kept in the database/);
    const afterFirst = openToOthers(dataDir);
    expect(afterFirst.total).toBeGreaterThan(1000);
    expect(afterFirst.open).toEqual({});
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);

    // As an older version left it: everything open to everyone.
    const widen = (p: string): void => {
      const st = fs.lstatSync(p);
      fs.chmodSync(p, st.isDirectory() ? 0o777 : 0o666);
      if (st.isDirectory()) for (const e of fs.readdirSync(p)) widen(path.join(p, e));
    };
    widen(dataDir);
    expect(Object.values(openToOthers(dataDir).open).reduce((a, b) => a + b, 0)).toBe(afterFirst.total);
    const second = await spawnServer(env);
    try {
      expect(openToOthers(dataDir).open).toEqual({});
      await writeSomething(second.url, 'second@test.perch.local');
    } finally {
      await second.stop();
    }
    expect(openToOthers(dataDir).open).toEqual({});
  }, 120_000);
});
