import { login, PerchClient } from '@perch/client';
import type { Preflight } from '@perch/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseNoShows } from '../../booking/check-in/index.js';
import { inTransaction } from '../../db/transaction.js';
import { book, createFloor, moveBookingSql, setSettings, wall, type Floor } from '../../test-support/bookings.js';
import { workerDatabaseUrl } from '../../test-support/database.js';
import { parseIcs } from '../../test-support/ical.js';
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
 * A booking nobody checked in to is released: its owner gets one mail, in their language, whose
 * calendar file takes the event out of their calendar. With two servers on one database each
 * booking is released once and told once: on PostgreSQL the two are operating-system processes
 * with their job schedulers on; on the embedded database two server instances release at the
 * same moment.
 */
const ZONE = 'Europe/Berlin';
const MIN = 60_000;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
});
afterAll(() => smtp.stop());

const released = (to: string) =>
  smtp.mails.filter((m) => m.to.includes(to) && /^(Booking released|Buchung freigegeben):/.test(m.subject));

describe('the release mail', () => {
  let s: TestServer;
  let floor: Floor;
  beforeAll(async () => {
    s = await startTestServer({ ...smtp.env, MAIL_POLL_SECONDS: '0.2', PUBLIC_URL: 'https://perch.example.com' });
    floor = await createFloor(s, { zone: ZONE, desks: 3 });
    await setSettings(s, { checkin_mode: '1', checkin_grace_minutes: '30' });
  });
  afterAll(() => s.close());

  async function person(name: string, language?: string): Promise<{ c: PerchClient; email: string }> {
    const email = `${name}@test.perch.local`;
    await s.createUser({ email, password: TEST_PASSWORD });
    const c = await s.signIn(email);
    if (language) await c.put('/preference/', [{ name: 'mail_language', value: language }]);
    return { c, email };
  }

  async function missed(c: PerchClient, desk: number): Promise<string> {
    const id = await book(c, floor.spaces[desk]!, wall(ZONE, 2, 9), wall(ZONE, 2, 10));
    await sql.raw(moveBookingSql(id, -40, 1)).execute(s.deps.db);
    return id;
  }

  it('tells the owner, with the booking as booked, and cancels the calendar event', async () => {
    const ann = await person('ann-released');
    const id = await missed(ann.c, 0);
    const booked = await s.deps.db
      .selectFrom('bookings')
      .select('leave_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await smtp.waitFor(1, { to: ann.email });
    expect(await inTransaction(s.deps, (tx) => releaseNoShows(tx))).toBe(1);
    await expect.poll(() => released(ann.email).length, { timeout: 10_000 }).toBe(1);
    const [mail] = released(ann.email);
    expect(mail!.subject).toMatch(/^Booking released: Desk 1, /);
    expect(mail!.text).toContain('Nobody checked in to Desk 1');
    expect(mail!.link).toBe('https://perch.example.com/ui/bookings/');
    const file = mail!.parsed.attachments.find((a) => a.contentType === 'text/calendar');
    const ics = parseIcs(file!.content.toString('utf8'));
    expect(ics.method).toBe('CANCEL');
    expect(ics.events.map((e) => e.uid)).toEqual([id]);
    // The mail shows the hour as booked, not as shortened by the release.
    const endAsBooked = booked.leave_at.toLocaleTimeString('en-GB', {
      timeZone: ZONE,
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(mail!.text).toContain(endAsBooked);
    // A second run finds nothing more to release.
    expect(await inTransaction(s.deps, (tx) => releaseNoShows(tx))).toBe(0);
  });

  it("is written in the owner's language", async () => {
    const jan = await person('jan-released', 'de');
    await missed(jan.c, 1);
    await smtp.waitFor(1, { to: jan.email });
    await inTransaction(s.deps, (tx) => releaseNoShows(tx));
    await expect.poll(() => released(jan.email).length, { timeout: 10_000 }).toBe(1);
    expect(released(jan.email)[0]!.subject).toMatch(/^Buchung freigegeben: Desk 2, /);
  });

  it('is not sent for a check-in or a check-out', async () => {
    const eve = await person('eve-released');
    const id = await book(eve.c, floor.spaces[2]!, wall(ZONE, 2, 9), wall(ZONE, 2, 10));
    await sql.raw(moveBookingSql(id, -10, 1)).execute(s.deps.db);
    const releaseMails = () =>
      s.deps.db.selectFrom('mail_outbox').select('id').where('kind', '=', 'booking-released').execute();
    const before = (await releaseMails()).length;
    await eve.c.post(`/booking/${id}/checkin`, {});
    await eve.c.post(`/booking/${id}/checkout`);
    expect(await inTransaction(s.deps, (tx) => releaseNoShows(tx, new Date(Date.now() + 30 * MIN)))).toBe(0);
    expect(await releaseMails()).toHaveLength(before);
    expect(released(eve.email)).toEqual([]);
  });
});

describe('the release with two servers on one database', () => {
  const DESKS = 12;
  const OWNER = 'twice@test.perch.local';

  /** The owner books every desk for the day after tomorrow; the bookings then started 40 minutes ago. */
  async function missedBookings(url: string, admin: PerchClient, execute: (q: string) => Promise<unknown>) {
    const floor = await createFloor({ admin } as TestServer, { zone: ZONE, desks: DESKS });
    await setSettings({ admin } as TestServer, {
      checkin_mode: '1',
      checkin_grace_minutes: '30',
      max_bookings_per_user: '50',
    });
    await admin.post('/user/', { email: OWNER, firstname: 'Twice', role: 0, password: TEST_PASSWORD });
    await execute(`UPDATE users SET password_update_required = false WHERE email = '${OWNER}'`);
    const org = ((await (await fetch(`${url}/auth/singleorg`)).json()) as Preflight).organization.id;
    const owner = new PerchClient({ baseUrl: url });
    await login(owner, { email: OWNER, password: TEST_PASSWORD, organizationId: org });
    const ids: string[] = [];
    for (const desk of floor.spaces) {
      const id = await book(owner, desk, wall(ZONE, 2, 9), wall(ZONE, 2, 10));
      await execute(moveBookingSql(id, -40, 1));
      ids.push(id);
    }
    return ids;
  }

  it('releases each booking once and mails its owner once', async () => {
    let ids: string[];
    if (process.env.DATABASE_URL) {
      const dbUrl = await workerDatabaseUrl(process.env.DATABASE_URL, 'perch_release');
      const env = { ...smtp.env, DATABASE_URL: dbUrl, MAIL_POLL_SECONDS: '0.2' };
      const db = new pg.Client({ connectionString: dbUrl });
      await db.connect();
      try {
        const setup = await spawnServer(env);
        try {
          const admin = new PerchClient({ baseUrl: setup.url });
          const org = ((await (await fetch(`${setup.url}/auth/singleorg`)).json()) as Preflight).organization.id;
          await login(admin, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, organizationId: org });
          ids = await missedBookings(setup.url, admin, (q) => db.query(q));
          await smtp.waitFor(DESKS, { to: OWNER });
        } finally {
          await setup.stop();
        }
        // Both schedulers run their due jobs as they start.
        const servers: ServerProcess[] = await Promise.all([
          spawnServer({ ...env, JOBS_DISABLED: '0' }),
          spawnServer({ ...env, JOBS_DISABLED: '0' }),
        ]);
        try {
          await expect.poll(() => released(OWNER).length, { timeout: 60_000, interval: 250 }).toBe(DESKS);
          await new Promise((r) => setTimeout(r, 3_000));
        } finally {
          await Promise.all(servers.map((x) => x.stop()));
        }
        const rows = await db.query<{ id: string }>(
          `SELECT id FROM bookings WHERE released_at IS NOT NULL AND release_reason = 'no-show'`,
        );
        expect(rows.rows.map((r) => r.id).sort()).toEqual([...ids].sort());
      } finally {
        await db.end();
      }
    } else {
      const a = await startTestServer({ ...smtp.env, MAIL_POLL_SECONDS: '0.2' });
      const b = await startTestServer({ ...smtp.env, MAIL_POLL_SECONDS: '0.2' }, { reset: false });
      try {
        ids = await missedBookings(a.url, a.admin, (q) => sql.raw(q).execute(a.deps.db));
        await smtp.waitFor(DESKS, { to: OWNER });
        const counts = await Promise.all([
          inTransaction(a.deps, (tx) => releaseNoShows(tx)),
          inTransaction(b.deps, (tx) => releaseNoShows(tx)),
        ]);
        expect(counts[0] + counts[1]).toBe(DESKS);
        await expect.poll(() => released(OWNER).length, { timeout: 20_000 }).toBe(DESKS);
        await new Promise((r) => setTimeout(r, 1_000));
        const rows = await a.deps.db
          .selectFrom('bookings')
          .select('id')
          .where('released_at', 'is not', null)
          .where('release_reason', '=', 'no-show')
          .execute();
        expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
      } finally {
        await b.close();
        await a.close();
      }
    }
    expect(released(OWNER)).toHaveLength(DESKS);
    expect(ids).toHaveLength(DESKS);
  });
});
