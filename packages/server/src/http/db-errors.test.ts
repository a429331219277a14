import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DatabaseHandle } from '../db/connection.js';
import { isDatabaseUnavailable } from './db-errors.js';
import { DATABASE_RETRY_AFTER_SECONDS, installErrorHandler } from './error-handler.js';

// PostgreSQL reached over a Unix socket (`?host=/run/postgresql`): while the server is stopped
// its socket file is gone, and connecting fails with ENOENT instead of ECONNREFUSED.

describe('a database that is not there is unavailable, not a bug', () => {
  it('classifies ENOENT of a connect as unavailable, and a missing file as not', () => {
    const socket = Object.assign(new Error('connect ENOENT /run/postgresql/.s.PGSQL.5432'), {
      code: 'ENOENT',
      syscall: 'connect',
      address: '/run/postgresql/.s.PGSQL.5432',
    });
    expect(isDatabaseUnavailable(socket)).toBe(true);
    const file = Object.assign(new Error("ENOENT: no such file or directory, open '/srv/map.png'"), {
      code: 'ENOENT',
      syscall: 'open',
      path: '/srv/map.png',
    });
    expect(isDatabaseUnavailable(file)).toBe(false);
  });

  describe('a socket folder with no server behind it', () => {
    let dir: string;
    let handle: DatabaseHandle;
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-no-postgres-'));
      handle = await openPostgres(`postgres://postgres@localhost/perch?host=${encodeURIComponent(dir)}`, 2, {
        connectTimeoutMs: 2000,
      });
    });
    afterAll(async () => {
      await handle?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('fails to connect with ENOENT on the socket path', async () => {
      const err = await handle.ping().then(
        () => undefined,
        (e: unknown) => e as NodeJS.ErrnoException,
      );
      expect(err?.code).toBe('ENOENT');
      expect(err?.message).toContain(path.join(dir, '.s.PGSQL.5432'));
      expect(isDatabaseUnavailable(err)).toBe(true);
    });

    it('answers 503 with Retry-After, as for any database outage', async () => {
      const app = Fastify({ logger: false });
      installErrorHandler(app);
      app.get('/needs-the-database', async () => {
        await handle.ping();
        return { ok: true };
      });
      try {
        const res = await app.inject({ method: 'GET', url: '/needs-the-database' });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
        expect(res.json()).toMatchObject({ message: 'The database is unavailable; try again shortly' });
      } finally {
        await app.close();
      }
    });
  });
});
