import { login, PerchClient } from '@perch/client';
import type { Preflight } from '@perch/contract';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIfDue } from '../../jobs/scheduler.js';
import { bookingRemindersJob } from '../../jobs/booking-reminders.js';
import { createFloor } from '../../test-support/bookings.js';
import { workerDatabaseUrl } from '../../test-support/database.js';
import { spawnServer, type ServerProcess } from '../../test-support/process.js';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  startTestServer,
  TEST_PASSWORD,
  type TestServer,
} from '../../test-support/server.js';
import { TestSmtpServer } from '../../test-support/smtp-server.js';

/**
 * The reminder job with two servers on one database sends each reminder once. On PostgreSQL
 * the two are operating-system processes with their job schedulers on, started at the same
 * moment; on the embedded database, which one process owns, two server instances run the job
 * at the same time.
 */

const ZONE = 'Europe/Berlin';
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await TestSmtpServer.start();
});
afterAll(() => smtp.stop());

const inHours = (hours: number) =>
  `${DateTime.now().setZone(ZONE).plus({ hours }).startOf('minute').toFormat("yyyy-MM-dd'T'HH:mm:ss")}Z`;

/** A user with reminders on and a booking that starts in 22 hours, made through `url`. */
async function dueBooking(
  url: string,
  admin: PerchClient,
  execute: (query: string) => Promise<unknown>,
): Promise<void> {
  const floor = await createFloor({ admin } as TestServer, { zone: ZONE, desks: 1 });
  await admin.post('/user/', {
    email: 'early@test.perch.local',
    firstname: 'Early',
    role: 0,
    password: TEST_PASSWORD,
  });
  await execute(`UPDATE users SET password_update_required = false WHERE email = 'early@test.perch.local'`);
  const org = ((await (await fetch(`${url}/auth/singleorg`)).json()) as Preflight).organization.id;
  const early = new PerchClient({ baseUrl: url });
  await login(early, { email: 'early@test.perch.local', password: TEST_PASSWORD, organizationId: org });
  // Only the reminder: no booking mail that would hold it back for a day.
  await early.put('/preference/', [
    { name: 'mail_notifications', value: '0' },
    { name: 'mail_reminder', value: '1' },
  ]);
  await early.post('/booking/', { spaceId: floor.spaces[0], enter: inHours(22), leave: inHours(23) });
}

const reminders = () => smtp.mails.filter((m) => m.subject.startsWith('Reminder: '));

describe('booking reminders with two servers on one database', () => {
  it('go out once', async () => {
    if (process.env.DATABASE_URL) {
      const dbUrl = await workerDatabaseUrl(process.env.DATABASE_URL, 'perch_reminders');
      const env = { ...smtp.env, DATABASE_URL: dbUrl, MAIL_POLL_SECONDS: '0.2' };
      const setup = await spawnServer(env);
      try {
        const admin = new PerchClient({ baseUrl: setup.url });
        const org = ((await (await fetch(`${setup.url}/auth/singleorg`)).json()) as Preflight).organization.id;
        await login(admin, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, organizationId: org });
        const db = new pg.Client({ connectionString: dbUrl });
        await db.connect();
        try {
          await dueBooking(setup.url, admin, (q) => db.query(q));
        } finally {
          await db.end();
        }
      } finally {
        await setup.stop();
      }
      // Both schedulers run their due jobs as they start.
      const servers: ServerProcess[] = await Promise.all([
        spawnServer({ ...env, JOBS_DISABLED: '0' }),
        spawnServer({ ...env, JOBS_DISABLED: '0' }),
      ]);
      try {
        await smtp.waitFor(1, { to: 'early@test.perch.local' });
        await new Promise((r) => setTimeout(r, 3_000));
      } finally {
        await Promise.all(servers.map((x) => x.stop()));
      }
    } else {
      const a: TestServer = await startTestServer({ ...smtp.env, MAIL_POLL_SECONDS: '0.2' });
      const b: TestServer = await startTestServer({ ...smtp.env, MAIL_POLL_SECONDS: '0.2' }, { reset: false });
      try {
        await dueBooking(a.url, a.admin, (q) => sql.raw(q).execute(a.deps.db));
        await a.deps.db.deleteFrom('job_runs').where('name', '=', bookingRemindersJob.name).execute();
        const ran = await Promise.all([runIfDue(a.deps, bookingRemindersJob), runIfDue(b.deps, bookingRemindersJob)]);
        expect(ran.filter(Boolean)).toHaveLength(1);
        await smtp.waitFor(1, { to: 'early@test.perch.local' });
        await new Promise((r) => setTimeout(r, 1_000));
      } finally {
        await b.close();
        await a.close();
      }
    }
    expect(reminders().map((m) => m.to)).toEqual([['early@test.perch.local']]);
  });
});
