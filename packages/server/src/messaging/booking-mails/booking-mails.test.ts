import type { PerchClient } from '@perch/client';
import { Role } from '@perch/contract';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { book, createFloor, wall, type Floor } from '../../test-support/bookings.js';
import { parseIcs, type IcsFile } from '../../test-support/ical.js';
import { startTestServer, type TestServer } from '../../test-support/server.js';
import { TestSmtpServer, type ReceivedMail } from '../../test-support/smtp-server.js';
import { queueDueReminders } from './hook.js';

/**
 * Booking mails through a real SMTP server process: who gets which mail, once,
 * in their language and on their clock, with a calendar file that adds, updates or cancels the
 * event (same UID, higher SEQUENCE).
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

async function person(
  name: string,
  prefs: Record<string, string> = {},
  role: number = Role.User,
): Promise<PerchClient> {
  const email = `${name}@test.perch.local`;
  await s.createUser({ email, firstname: name.charAt(0).toUpperCase() + name.slice(1), role });
  const c = await s.signIn(email);
  if (Object.keys(prefs).length)
    await c.put(
      '/preference/',
      Object.entries(prefs).map(([n, value]) => ({ name: n, value })),
    );
  return c;
}

function calendarOf(mail: ReceivedMail): IcsFile | null {
  const file = mail.parsed.attachments.find((a) => a.contentType === 'text/calendar');
  return file ? parseIcs(file.content.toString('utf8')) : null;
}

/**
 * Waits until `count` mails reached `email` and the whole outbox is delivered (a mail the SMTP
 * server took is recorded as sent a moment later), then gives every mail sent to `email`.
 */
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

describe('booking mails to the owner', () => {
  it('tell of a booking, its change and its cancellation once each, with the calendar event kept in step', async () => {
    const ann = await person('ann');
    const id = await book(ann, floor.spaces[0]!, wall(ZONE, 2, 9), wall(ZONE, 2, 17), { subject: 'Planning' });
    const [created] = await mailsTo('ann@test.perch.local', 1);
    expect(created!.subject).toMatch(/^Booked: Desk 1, /);
    expect(created!.text).toContain('Hello Ann,');
    expect(created!.text).toContain('Subject: Planning');
    expect(created!.text).toMatch(/09:00\s?–\s?17:00 \(Europe\/Berlin\)/);
    expect(created!.link).toBe('https://perch.example.com/ui/bookings/');
    const added = calendarOf(created!)!;
    expect(added.method).toBe('REQUEST');
    expect(added.events).toHaveLength(1);
    expect(added.events[0]).toMatchObject({ uid: id, sequence: 0, status: 'CONFIRMED' });
    expect(added.events[0]!.summary).toMatch(/^Seat Reservation: Desk 1, Floor /);
    const enter = DateTime.fromISO(wall(ZONE, 2, 9).replace('Z', ''), { zone: ZONE });
    expect(added.events[0]!.start.toISOString()).toBe(
      enter.toUTC().toISO({ suppressMilliseconds: true })!.replace('Z', '.000Z'),
    );

    await ann.put(`/booking/${id}`, {
      spaceId: floor.spaces[0],
      enter: wall(ZONE, 2, 10),
      leave: wall(ZONE, 2, 12),
      subject: 'Planning',
    });
    const [, updated] = await mailsTo('ann@test.perch.local', 2);
    expect(updated!.subject).toMatch(/^Booking changed: Desk 1, /);
    expect(updated!.text).toMatch(/10:00\s?–\s?12:00 \(Europe\/Berlin\)/);
    expect(calendarOf(updated!)!.events[0]).toMatchObject({ uid: id, sequence: 1 });

    await ann.delete(`/booking/${id}`);
    const all = await mailsTo('ann@test.perch.local', 3);
    expect(all[2]!.subject).toMatch(/^Booking cancelled: Desk 1, /);
    const cancelled = calendarOf(all[2]!)!;
    expect(cancelled.method).toBe('CANCEL');
    expect(cancelled.events[0]).toMatchObject({ uid: id, sequence: 2, status: 'CANCELLED' });
    expect(smtp.mails).toHaveLength(3);
  });

  it('are written in the reader’s language and also on their own clock', async () => {
    const jan = await person('jan', { mail_language: 'de', timezone: 'Europe/London' });
    await book(jan, floor.spaces[0]!, wall(ZONE, 3, 9), wall(ZONE, 3, 11));
    const [mail] = await mailsTo('jan@test.perch.local', 1);
    expect(mail!.subject).toMatch(/^Gebucht: Desk 1, /);
    expect(mail!.text).toContain('Hallo Jan,');
    // The area's time with its zone, then the same span on the reader's clock.
    expect(mail!.text).toMatch(/09:00\s?–\s?11:00 Uhr \(Europe\/Berlin\) · .*08:00\s?–\s?10:00 Uhr \(Europe\/London\)/);
    expect(mail!.text).toContain('Betreff: —');
  });

  it('stay away when the owner turned them off, and reach the owner when an admin cancels', async () => {
    const quiet = await person('quiet', { mail_notifications: '0' });
    await book(quiet, floor.spaces[0]!, wall(ZONE, 2, 9), wall(ZONE, 2, 10));
    const ann = await person('ann');
    const id = await book(ann, floor.spaces[1]!, wall(ZONE, 2, 9), wall(ZONE, 2, 10));
    await mailsTo('ann@test.perch.local', 1);
    await s.admin.delete(`/booking/${id}`);
    const mails = await mailsTo('ann@test.perch.local', 2);
    expect(mails[1]!.subject).toMatch(/^Booking cancelled/);
    expect(smtp.mails.filter((m) => m.to.includes('quiet@test.perch.local'))).toEqual([]);
    expect(smtp.mails).toHaveLength(2);
  });

  it('tell of bookings that go with a deleted space', async () => {
    const ann = await person('ann');
    await book(ann, floor.spaces[2]!, wall(ZONE, 2, 9), wall(ZONE, 2, 10));
    await mailsTo('ann@test.perch.local', 1);
    await s.admin.delete(`/location/${floor.locationId}/space/${floor.spaces[2]}`);
    const mails = await mailsTo('ann@test.perch.local', 2);
    expect(mails[1]!.subject).toMatch(/^Booking cancelled: Desk 3, /);
    expect(calendarOf(mails[1]!)!.method).toBe('CANCEL');
  });

  it('tell of a recurring series once when booked and once when ended, with every date in the file', async () => {
    const ann = await person('ann');
    const res = await ann.post<{ success: boolean; id: string }[]>('/recurring-booking/', {
      spaceId: floor.spaces[0],
      subject: 'Standup',
      enter: wall(ZONE, 2, 9),
      leave: wall(ZONE, 2, 10),
      end: wall(ZONE, 5, 23),
      cadence: 1,
      cycle: 1,
      weekdays: [],
    });
    const booked = res.data.filter((r) => r.success).map((r) => r.id);
    expect(booked.length).toBe(4);
    const [created] = await mailsTo('ann@test.perch.local', 1);
    expect(created!.subject).toBe('Recurring booking: Desk 1');
    expect(created!.text).toContain('Dates booked: 4');
    expect(
      calendarOf(created!)!
        .events.map((e) => e.uid)
        .sort(),
    ).toEqual([...booked].sort());

    await ann.delete(`/recurring-booking/${res.objectId}`);
    const mails = await mailsTo('ann@test.perch.local', 2);
    expect(mails[1]!.subject).toBe('Recurring booking cancelled: Desk 1');
    expect(mails[1]!.text).toContain('Dates cancelled: 4');
    const cancelled = calendarOf(mails[1]!)!;
    expect(cancelled.method).toBe('CANCEL');
    expect(cancelled.events).toHaveLength(4);
    expect(smtp.mails).toHaveLength(2);
  });
});

describe('approval mails', () => {
  it('ask the approvers who want it, then tell the owner of the approval (with the event) or the decline', async () => {
    const group = (await s.admin.post('/group/', { name: 'Approvers' })).objectId!;
    await s.admin.put(`/location/${floor.locationId}/space/${floor.spaces[1]}/approver`, [group]);
    const approver = await person('approver', { approval_notifications: '1' }, Role.SpaceAdmin);
    await person('silent', { approval_notifications: '0' }, Role.SpaceAdmin);
    const members = await s.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', 'in', ['approver@test.perch.local', 'silent@test.perch.local'])
      .execute();
    await s.admin.put(
      `/group/${group}/member`,
      members.map((m) => m.id),
    );
    const ann = await person('ann');
    const first = await book(ann, floor.spaces[1]!, wall(ZONE, 2, 9), wall(ZONE, 2, 10));
    const second = await book(ann, floor.spaces[1]!, wall(ZONE, 2, 11), wall(ZONE, 2, 12));

    const asks = await mailsTo('approver@test.perch.local', 2);
    expect(asks.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Approval needed: Desk 2, /),
      expect.stringMatching(/^Approval needed: Desk 2, /),
    ]);
    expect(asks[0]!.text).toContain('ann@test.perch.local asks to book Desk 2');
    expect(asks[0]!.link).toBe('https://perch.example.com/ui/admin/approvals/');
    expect(calendarOf(asks[0]!)).toBeNull();

    await approver.post(`/booking/${first}/approve`, { approved: true });
    await approver.post(`/booking/${second}/approve`, { approved: false });
    const told = await mailsTo('ann@test.perch.local', 2);
    const approved = told.find((m) => m.subject.startsWith('Booking approved: Desk 2, '));
    const declined = told.find((m) => m.subject.startsWith('Booking declined: Desk 2, '));
    expect(calendarOf(approved!)!.events[0]).toMatchObject({ uid: first, status: 'CONFIRMED' });
    expect(calendarOf(declined!)).toBeNull();
    // Nobody else: not the approver who turned them off, not the owner while pending.
    expect(smtp.mails).toHaveLength(4);
  });
});

describe('reminders', () => {
  /** A booking `hours` from now (to the minute), as fake UTC in the area's zone. */
  const inHours = (hours: number) =>
    `${DateTime.now().setZone(ZONE).plus({ hours }).startOf('minute').toFormat("yyyy-MM-dd'T'HH:mm:ss")}Z`;

  it('go out once, 20 to 25 hours ahead, to owners who want them and got no other mail that day', async () => {
    const ann = await person('ann', { mail_notifications: '0' });
    const bob = await person('bob', { mail_reminder: '0', mail_notifications: '0' });
    const cat = await person('cat');
    const due = await book(ann, floor.spaces[0]!, inHours(22), inHours(23));
    await book(ann, floor.spaces[1]!, inHours(30), inHours(31));
    await book(bob, floor.spaces[2]!, inHours(22), inHours(23));
    // Cat was mailed about her booking just now: no reminder on top.
    await book(cat, floor.spaces[1]!, inHours(21), inHours(22));
    await mailsTo('cat@test.perch.local', 1);

    expect(await queueDueReminders(s.deps)).toBe(1);
    expect(await queueDueReminders(s.deps)).toBe(0);
    const [reminder] = await mailsTo('ann@test.perch.local', 1);
    expect(reminder!.subject).toMatch(/^Reminder: Desk 1, /);
    expect(calendarOf(reminder!)!.events[0]!.uid).toBe(due);
    expect(smtp.mails).toHaveLength(2);

    // A change arms it again.
    await ann.put(`/booking/${due}`, { spaceId: floor.spaces[0], enter: inHours(23), leave: inHours(24), subject: '' });
    expect(await queueDueReminders(s.deps)).toBe(1);
  });
});
