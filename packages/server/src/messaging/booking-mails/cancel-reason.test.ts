import type { PerchClient } from '@perch/client';
import { Role } from '@perch/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { book, createFloor, wall, type Floor } from '../../test-support/bookings.js';
import { failure, statusOf } from '../../test-support/http.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { TestSmtpServer, type ReceivedMail } from '../../test-support/smtp-server.js';

/**
 * `DELETE /booking/{id}?reason=…`: an admin's (or the owner's) reason for cancelling reaches the
 * owner in the cancellation mail, through a real SMTP server, in the owner's language; a reason
 * longer than 500 characters is refused and the booking stays.
 */

const ZONE = 'Europe/Berlin';
let s: TestServer;
let smtp: TestSmtpServer;
let floor: Floor;

beforeAll(async () => {
  smtp = await TestSmtpServer.start();
  s = await startTestServer({ ...smtp.env, MAIL_POLL_SECONDS: '0.2', PUBLIC_URL: 'https://perch.example.com' });
});
afterAll(async () => {
  await s.close();
  await smtp.stop();
});
beforeEach(async () => {
  await s.reset();
  smtp.mails.length = 0;
  floor = await createFloor(s, { zone: ZONE, desks: 3 });
});

async function person(name: string, prefs: Record<string, string> = {}, role: number = Role.User) {
  const email = `${name}@test.perch.local`;
  await s.createUser({ email, firstname: name.charAt(0).toUpperCase() + name.slice(1), role });
  const c = await s.signIn(email);
  if (Object.keys(prefs).length)
    await c.put(
      '/preference/',
      Object.entries(prefs).map(([n, value]) => ({ name: n, value })),
    );
  return { c, email };
}

/** Every mail to `email` once `count` arrived and the outbox holds nothing undelivered. */
async function mailsTo(email: string, count: number): Promise<ReceivedMail[]> {
  await smtp.waitFor(count, { to: email });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const undelivered = await s.deps.db
      .selectFrom('mail_outbox')
      .select('status')
      .where('status', '<>', 'sent')
      .execute();
    if (undelivered.length === 0) break;
    if (Date.now() > deadline) expect(undelivered).toEqual([]);
    await new Promise((r) => setTimeout(r, 50));
  }
  return smtp.waitFor(count, { to: email });
}

const exists = async (c: PerchClient, id: string) => (await statusOf(c.get(`/booking/${id}`))) === 200;

describe('the reason of a cancellation', () => {
  it('reaches the owner when a space admin cancels with a reason, as a line of the mail', async () => {
    const ann = await person('ann');
    const { c: admin } = await person('sam', {}, Role.SpaceAdmin);
    const id = await book(ann.c, floor.spaces[0]!, wall(ZONE, 2, 9), wall(ZONE, 2, 17));
    await mailsTo(ann.email, 1);

    const reason = 'Floor closed for cleaning <today> & tomorrow';
    await admin.delete(`/booking/${id}?reason=${encodeURIComponent(reason)}`);
    const [, cancelled] = await mailsTo(ann.email, 2);
    expect(cancelled!.subject).toMatch(/^Booking cancelled: Desk 1, /);
    expect(cancelled!.text).toContain(`Reason: ${reason}`);
    expect(cancelled!.text.indexOf('Reason:')).toBeGreaterThan(cancelled!.text.indexOf('Subject:'));
    expect(cancelled!.html).toContain('Reason: Floor closed for cleaning &lt;today&gt; &amp; tomorrow');
    expect(await exists(ann.c, id)).toBe(false);
  });

  it('is written in the owner’s language', async () => {
    const jan = await person('jan', { mail_language: 'de' });
    const { c: admin } = await person('sam', {}, Role.SpaceAdmin);
    const id = await book(jan.c, floor.spaces[1]!, wall(ZONE, 3, 9), wall(ZONE, 3, 11));
    await mailsTo(jan.email, 1);
    await admin.delete(`/booking/${id}?reason=${encodeURIComponent('Umbau im 2. Stock')}`);
    const [, cancelled] = await mailsTo(jan.email, 2);
    expect(cancelled!.subject).toMatch(/^Buchung storniert: /);
    expect(cancelled!.text).toContain('Grund: Umbau im 2. Stock');
  });

  it('leaves no reason line when none (or only blanks) was given', async () => {
    const ann = await person('ann');
    const { c: admin } = await person('sam', {}, Role.SpaceAdmin);
    const first = await book(ann.c, floor.spaces[0]!, wall(ZONE, 2, 9), wall(ZONE, 2, 12));
    const second = await book(ann.c, floor.spaces[0]!, wall(ZONE, 3, 9), wall(ZONE, 3, 12));
    await mailsTo(ann.email, 2);
    await admin.delete(`/booking/${first}`);
    await admin.delete(`/booking/${second}?reason=${encodeURIComponent('   ')}`);
    const mails = await mailsTo(ann.email, 4);
    for (const mail of mails.slice(2)) {
      expect(mail.subject).toMatch(/^Booking cancelled: /);
      expect(mail.text).not.toContain('Reason:');
      expect(mail.html).not.toContain('Reason:');
    }
  });

  it('may be given by the owner too, and may be 500 characters long', async () => {
    const ann = await person('ann');
    const id = await book(ann.c, floor.spaces[0]!, wall(ZONE, 2, 9), wall(ZONE, 2, 12));
    await mailsTo(ann.email, 1);
    const reason = 'x'.repeat(500);
    await ann.c.delete(`/booking/${id}?reason=${reason}`);
    const [, cancelled] = await mailsTo(ann.email, 2);
    expect(cancelled!.text).toContain(`Reason: ${reason}`);
  });

  it('longer than 500 characters is refused with 400, and the booking stays', async () => {
    const ann = await person('ann');
    const { c: admin } = await person('sam', {}, Role.SpaceAdmin);
    const id = await book(ann.c, floor.spaces[0]!, wall(ZONE, 2, 9), wall(ZONE, 2, 12));
    await mailsTo(ann.email, 1);
    const error = await failure(admin.delete(`/booking/${id}?reason=${'x'.repeat(501)}`));
    expect(error.status).toBe(400);
    expect(await exists(ann.c, id)).toBe(true);
    // Nothing was told: the only mail is the booking's confirmation.
    await new Promise((r) => setTimeout(r, 600));
    expect(smtp.mails.filter((m) => m.to.includes(ann.email))).toHaveLength(1);
  });

  it('does not let a plain user cancel someone else’s booking', async () => {
    const ann = await person('ann');
    const bob = await person('bob');
    const id = await book(ann.c, floor.spaces[0]!, wall(ZONE, 2, 9), wall(ZONE, 2, 12));
    expect(await statusOf(bob.c.delete(`/booking/${id}?reason=mine+now`))).toBe(403);
    expect(await exists(ann.c, id)).toBe(true);
  });
});
