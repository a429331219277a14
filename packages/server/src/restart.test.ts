import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { login, PerchClient } from '@perch/client';
import type { Preflight } from '@perch/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from './test-support/process.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, testEnv } from './test-support/server.js';

/** The embedded database on disk: data and sessions survive a restart; a second process is refused. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-restart-'));
const env = { DATABASE_URL: '', POSTGRES_URL: '', DATA_DIR: dataDir };
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database', () => {
  it('keeps data and sessions across a restart and refuses a second process on the same folder', async () => {
    const first = await spawnServer(env);
    let creds;
    try {
      const orgId = ((await (await fetch(`${first.url}/auth/singleorg`)).json()) as Preflight).organization.id;
      const c = new PerchClient({ baseUrl: first.url });
      creds = await login(c, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, organizationId: orgId });
      await c.post('/user/', { firstname: 'Test', lastname: 'User', email: 'kept@test.perch.local', role: 0 });

      // A second server on the same folder must refuse to start, naming the problem.
      const second = spawn(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(new URL('./main.ts', import.meta.url))],
        {
          env: { ...process.env, ...testEnv, ...env, PORT: '0' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      second.stderr.on('data', (d: Buffer) => (out += d.toString()));
      const code = await new Promise<number | null>((r) => second.on('exit', r));
      expect(code).toBe(2);
      expect(out).toContain('in use by another Perch process');
    } finally {
      await first.stop();
    }

    const again = await spawnServer(env);
    try {
      const c = new PerchClient({ baseUrl: again.url });
      c.acceptCredentials(creds);
      // The access token from before the restart is still accepted, and so is the refresh token.
      const users = await c.get<{ email: string }[]>('/user/');
      expect(users.map((u) => u.email)).toContain('kept@test.perch.local');
      await c.refresh();
      expect((await c.get<{ email: string }>('/user/me')).email).toBe(ADMIN_EMAIL);
    } finally {
      await again.stop();
    }
  }, 120_000);
});
