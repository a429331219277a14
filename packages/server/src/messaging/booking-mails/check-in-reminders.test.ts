import type { PerchClient } from '@perch/client';
import { ErrorCode } from '@perch/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { releaseNoShows } from '../../booking/check-in/index.js';
import { inTransaction } from '../../db/transaction.js';
import { bookingMovedTo, createFloor, setSettings, wall, type Floor } from '../../test-support/bookings.js';
import { failure } from '../../test-support/http.js';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test-support/server.js';
import { TestSmtpServer, type ReceivedMail } from '../../test-support/smtp-server.js';
import { queueCheckInReminders } from './index.js';

/**
 * Check-in reminders: a mail when the window opens and a last call ten minutes before the
 * release, each once, through a real SMTP server. Their links check in or release the booking
 * once, without signing in; under "scan only" the mail offers no check-in.
 */
const ZONE = 'Europe/Berlin';
const PUBLIC_URL = 'https://perch.example.com';
let smtp: TestSmtpServer;
let s: TestServer;
let floor: Floor;

const POLICY = {
  checkin_mode: '1',
  checkin_opens_minutes: '15',
  checkin_grace_minutes: '30',
  checkin_release_time: '',
  checkin_release: '1',
  checkin_exempt_long: '0',
};

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
  s = await startTestServer({ ...smtp.env, MAIL_POLL_SECONDS: '0.2', PUBLIC_URL });
  floor = await createFloor(s, { zone: ZONE, desks: 3 });
});
afterAll(async () => {
  await s.close();
  await smtp.stop();
});
beforeEach(async () => {
  await setSettings(s, { ...POLICY, max_bookings_per_user: '50', enable_max_hours_before_delete: '0' });
  // Bookings of earlier tests would be reminded again under a changed policy.
  await s.deps.db.deleteFrom('bookings').execute();
});

let people = 0;
async function person(language?: string): Promise<{ c: PerchClient; email: string }> {
  const email = `reminded-${++people}@test.perch.local`;
  await s.createUser({ email, password: TEST_PASSWORD });
  const c = await s.signIn(email);
  if (language) await c.put('/preference/', [{ name: 'mail_language', value: language }]);
  return { c, email };
}

const runReminders = () => inTransaction(s.deps, (tx) => queueCheckInReminders(tx));
const mailsTo = (email: string, subject: RegExp) =>
  smtp.mails.filter((m) => m.to.includes(email) && subject.test(m.subject));
async function onlyMail(email: string, subject: RegExp): Promise<ReceivedMail> {
  await expect.poll(() => mailsTo(email, subject).length, { timeout: 10_000 }).toBe(1);
  return mailsTo(email, subject)[0]!;
}
/** The link id of each button in a reminder's text part. */
function links(mail: ReceivedMail): { in?: string; release?: string } {
  const found = [
    ...mail.text.matchAll(/https:\/\/perch\.example\.com\/ui\/checkin\/([0-9a-f-]{36})\?do=(in|release)/g),
  ];
  return Object.fromEntries(found.map((m) => [m[2], m[1]]));
}
const follow = (id: string, action: string) => s.client().post(`/checkin/link/${id}`, { action });
const row = (id: string) => s.deps.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the window-open reminder', () => {
  it('goes out once when the window opens, and its Check in link checks in once without signing in', async () => {
    const { c, email } = await person();
    const id = await bookingMovedTo(s, c, floor.spaces[0]!, ZONE, 10);
    expect(await runReminders()).toBe(1);
    expect(await runReminders()).toBe(0);
    const mail = await onlyMail(email, /^Check in: Desk 1, /);
    expect(mail.text).toContain('Check-in is open for your booking of Desk 1');
    expect(mail.text).toMatch(/If you have not checked in by \d{2}:\d{2}, the space is released/);
    const link = links(mail);
    expect(link.in).toBeDefined();
    expect(link.release).toBe(link.in);
    expect(mail.html).toContain(`${PUBLIC_URL}/ui/checkin/${link.in}?do=release`);

    const result = (await follow(link.in!, 'in')).data as { action: string; spaceName: string; areaName: string };
    expect(result).toMatchObject({ action: 'in', spaceName: 'Desk 1' });
    expect((await row(id)).checked_in_at).not.toBeNull();
    // Used: neither button works again.
    for (const action of ['in', 'release']) {
      const err = await failure(follow(link.in!, action));
      expect(err.status).toBe(404);
      expect(err.appCode).toBe(ErrorCode.CheckInLinkInvalid);
    }
    expect((await row(id)).released_at).toBeNull();
  });

  it('is not sent before the window opens, nor for a booking checked in already', async () => {
    const { c, email } = await person();
    await bookingMovedTo(s, c, floor.spaces[0]!, ZONE, 20);
    const there = await bookingMovedTo(s, c, floor.spaces[1]!, ZONE, 5);
    await c.post(`/booking/${there}/checkin`, {});
    expect(await runReminders()).toBe(0);
    expect(mailsTo(email, /^Check in:/)).toEqual([]);
  });

  it("is written in the reader's language and not sent to people who turned it off", async () => {
    const jan = await person('de');
    await bookingMovedTo(s, jan.c, floor.spaces[0]!, ZONE, 10);
    const quiet = await person();
    await quiet.c.put('/preference/', [{ name: 'mail_checkin_reminder', value: '0' }]);
    const quietBooking = await bookingMovedTo(s, quiet.c, floor.spaces[1]!, ZONE, 10);
    expect(await runReminders()).toBe(1);
    const queued = await s.deps.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'language'])
      .where('kind', '=', 'checkin-open')
      .where('recipient', 'in', [jan.email, quiet.email])
      .execute();
    expect(queued).toEqual([{ recipient: jan.email, language: 'de' }]);
    // Claimed all the same: turning the switch on later does not send a stale reminder.
    expect((await row(quietBooking)).checkin_reminded_at).not.toBeNull();
  });

  it('is armed again when the booking is moved', async () => {
    const { c } = await person();
    const id = await bookingMovedTo(s, c, floor.spaces[0]!, ZONE, 10);
    expect(await runReminders()).toBe(1);
    await c.put(`/booking/${id}`, { spaceId: floor.spaces[0], enter: wall(ZONE, 2, 9), leave: wall(ZONE, 2, 10) });
    expect((await row(id)).checkin_reminded_at).toBeNull();
  });

  it('claims a booking once when two runs race', async () => {
    const { c, email } = await person();
    await bookingMovedTo(s, c, floor.spaces[0]!, ZONE, 10);
    const counts = await Promise.all([runReminders(), runReminders()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    await onlyMail(email, /^Check in:/);
  });
});

describe("the I won't come link", () => {
  it('cancels a booking that has not begun, so a colleague can book the space', async () => {
    const { c, email } = await person();
    const id = await bookingMovedTo(s, c, floor.spaces[0]!, ZONE, 10, 1);
    const booked = await row(id);
    await runReminders();
    const link = links(await onlyMail(email, /^Check in:/));
    expect((await follow(link.release!, 'release')).data).toMatchObject({
      action: 'release',
      kept: false,
      spaceName: 'Desk 1',
    });
    expect(await s.deps.db.selectFrom('bookings').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();

    // The colleague's booking of the same desk is moved onto the freed hour; the no-overlap
    // constraint would refuse the move if the space were still held.
    const colleague = await person();
    const { objectId } = await colleague.c.post('/booking/', {
      spaceId: floor.spaces[0],
      enter: wall(ZONE, 1, 9),
      leave: wall(ZONE, 1, 10),
    });
    await sql`UPDATE bookings SET enter_at = ${booked.enter_at}, leave_at = ${booked.leave_at} WHERE id = ${objectId!}`.execute(
      s.deps.db,
    );
  });

  it('also after the cancellation deadline: giving a space back early is what the policy asks for', async () => {
    await setSettings(s, { enable_max_hours_before_delete: '1', max_hours_before_delete: '2' });
    const { c, email } = await person();
    const id = await bookingMovedTo(s, c, floor.spaces[1]!, ZONE, 10, 1);
    expect((await failure(c.delete(`/booking/${id}`))).status).toBe(403);
    await runReminders();
    await follow(links(await onlyMail(email, /^Check in:/)).release!, 'release');
    expect(await s.deps.db.selectFrom('bookings').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('ends a booking in progress from the next whole minute and keeps it as released by its person', async () => {
    const { c, email } = await person();
    await setSettings(s, { checkin_grace_minutes: '60' });
    const id = await bookingMovedTo(s, c, floor.spaces[1]!, ZONE, -5, 2);
    const booked = await row(id);
    await runReminders();
    const link = links(await onlyMail(email, /^Check in:/));
    expect((await follow(link.release!, 'release')).data).toMatchObject({ action: 'release', kept: true });
    const after = await row(id);
    expect(after.release_reason).toBe('not-coming');
    expect(after.released_at).not.toBeNull();
    expect(after.booked_leave_at!.getTime()).toBe(booked.leave_at.getTime());
    expect(after.leave_at.getTime() % 60_000).toBe(0);
    expect(after.leave_at.getTime()).toBeGreaterThan(Date.now() - 1000);
    expect(after.leave_at.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    expect((await c.get<{ releaseReason: string }>(`/booking/${id}`)).releaseReason).toBe('not-coming');
    // The person's own release is no no-show: no release mail, and the job leaves it alone.
    expect(await inTransaction(s.deps, (tx) => releaseNoShows(tx, new Date(Date.now() + 90 * 60_000)))).toBe(0);
    expect(mailsTo(email, /^Booking released:/)).toEqual([]);
    // Nor can it be changed: the space went back to others.
    const changed = await failure(
      c.put(`/booking/${id}`, { spaceId: floor.spaces[1], enter: wall(ZONE, 2, 9), leave: wall(ZONE, 2, 10) }),
    );
    expect(changed.status).toBe(409);
    expect(changed.appCode).toBe(ErrorCode.BookingReleased);
  });
});

describe('the last call', () => {
  it('goes out ten minutes before the release, once, with the time of the release', async () => {
    const { c, email } = await person();
    const id = await bookingMovedTo(s, c, floor.spaces[0]!, ZONE, -25);
    expect(await runReminders()).toBe(1);
    expect(await runReminders()).toBe(0);
    const mail = await onlyMail(email, /^Last call: Desk 1 is released at \d{2}:\d{2}$/);
    expect(mail.text).toContain('Nobody has checked in yet for your booking of Desk 1');
    expect(links(mail).in).toBeDefined();
    const marks = await row(id);
    expect(marks.checkin_last_call_at).not.toBeNull();
    expect(marks.checkin_reminded_at).not.toBeNull();
    // The link works until the booking is missed (30 minutes after its start).
    const link = await s.deps.db
      .selectFrom('auth_states')
      .select('expires_at')
      .where('id', '=', links(mail).in!)
      .executeTakeFirstOrThrow();
    expect(Math.abs(link.expires_at.getTime() - (marks.enter_at.getTime() + 30 * 60_000))).toBeLessThan(1000);
  });

  it('is not sent where a missed booking is kept', async () => {
    await setSettings(s, { checkin_release: '0' });
    const { c, email } = await person();
    const id = await bookingMovedTo(s, c, floor.spaces[0]!, ZONE, -25);
    await s.deps.db.updateTable('bookings').set({ checkin_reminded_at: new Date() }).where('id', '=', id).execute();
    expect(await runReminders()).toBe(0);
    await setSettings(s, { checkin_release: '1' });
    expect(mailsTo(email, /^Last call/)).toEqual([]);
  });
});

describe('links under "scan only"', () => {
  it("offer no check-in: the mail asks for a scan, the link refuses, and I won't come still works", async () => {
    await setSettings(s, { checkin_mode: '2' });
    const { c, email } = await person();
    const id = await bookingMovedTo(s, c, floor.spaces[0]!, ZONE, 10);
    await runReminders();
    const mail = await onlyMail(email, /^Check in:/);
    expect(mail.text).toContain('To check in, scan the code at the space.');
    const link = links(mail);
    expect(link.in).toBeUndefined();
    const refused = await failure(follow(link.release!, 'in'));
    expect(refused.status).toBe(400);
    expect(refused.appCode).toBe(ErrorCode.CheckInNeedsScan);
    // A refusal does nothing, so the link still works.
    await follow(link.release!, 'release');
    expect(await s.deps.db.selectFrom('bookings').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });
});

describe('a link that does not work', () => {
  it('is refused with 404 when unknown, malformed or expired, and a wrong action is a 400', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-link']) {
      const err = await failure(follow(id, 'in'));
      expect(err.status).toBe(404);
      expect(err.appCode).toBe(ErrorCode.CheckInLinkInvalid);
    }
    const { c, email } = await person();
    await bookingMovedTo(s, c, floor.spaces[2]!, ZONE, 10);
    await runReminders();
    const link = links(await onlyMail(email, /^Check in:/));
    expect((await failure(follow(link.in!, 'maybe'))).status).toBe(400);
    await s.deps.db
      .updateTable('auth_states')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', link.in!)
      .execute();
    expect((await failure(follow(link.in!, 'in'))).appCode).toBe(ErrorCode.CheckInLinkInvalid);
  });
});
