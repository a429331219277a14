import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../test-support/process.js';

/**
 * The real server process (main.ts): the scheduler reports its job runs to /metrics, and every
 * answered request is logged at info as one JSON line on standard output.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'perch-metrics-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const TOKEN = 'process-scrape-token-0123456789';

describe('metrics and request logs of the server process', () => {
  it('counts the background jobs it runs and logs requests at info', async () => {
    const server = await spawnServer({
      DATABASE_URL: '',
      POSTGRES_URL: '',
      DATA_DIR: dataDir,
      JOBS_DISABLED: '0',
      LOG_LEVEL: 'info',
      METRICS_TOKEN: TOKEN,
    });
    try {
      const scrape = async () =>
        (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      // The scheduler's first round starts with the server.
      await expect
        .poll(scrape, { timeout: 20_000 })
        .toMatch(/^perch_job_runs_total\{job="purge-expired",outcome="ok"\} 1$/m);
      const text = await scrape();
      expect(text).toMatch(/^perch_job_duration_seconds_count\{job="purge-expired"\} 1$/m);
      expect(text).toMatch(/^perch_db_pool_total \d+$/m);
      expect(text).toMatch(/^perch_mail_outbox_pending \d+$/m);

      const res = await fetch(`${server.url}/healthcheck`, { headers: { 'x-request-id': 'process-probe-1' } });
      expect(res.headers.get('x-request-id')).toBe('process-probe-1');
      await expect
        .poll(
          () =>
            server
              .output()
              .split('\n')
              .find((l) => l.includes('"reqId":"process-probe-1"')),
          { timeout: 5000 },
        )
        .toBeDefined();
      const line = JSON.parse(
        server
          .output()
          .split('\n')
          .find((l) => l.includes('"reqId":"process-probe-1"'))!,
      ) as {
        level: number;
      };
      expect(line).toMatchObject({ level: 30, route: '/healthcheck', status: 200, msg: 'request completed' });
      expect(server.output()).not.toContain(TOKEN);
    } finally {
      await server.stop();
    }
  }, 90_000);
});
