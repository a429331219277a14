import type { AppDeps } from '../../context.js';
import type { BookingRow } from '../../db/schema.js';
import type { Db } from '../../db/connection.js';
import {
  findReader,
  queueMail,
  mailLanguage,
  type MailAttachment,
  type MailKind,
  type MailReader,
} from '../mail/index.js';
import type { BookingChange, BookingHook } from '../../booking/bookings/index.js';
import { calendarFile, calendarFileName, describeBookings, type BookingEvent } from '../calendar/index.js';
import { findOrganization } from '../../organization/organizations/index.js';
import { claimCheckInReminders, createReminderLink } from '../../booking/check-in/index.js';
import { findApprovers } from './recipients.js';
import { describeTime, describeWhen } from './when.js';

/**
 * Booking mails, queued in the outbox in the transaction of the change, so a
 * mail exists exactly when the change does and delivery never holds up the booking:
 * - to the owner, when `mail_notifications` is on: created (approved at once), updated,
 *   approved, declined, cancelled (by anyone, also with its space or area; with the canceller's
 *   reason when one was given); a recurring series
 *   once when booked and once when ended, never per date;
 * - to approvers who turned `approval_notifications` on: a single booking waiting for them.
 * Mails about an event carry an .ics file that adds, updates or cancels it in the reader's
 * calendar (same UID, higher SEQUENCE). Bookings removed by retention are not mailed.
 */

const BOOKINGS_PATH = '/ui/bookings/';
const APPROVALS_PATH = '/ui/admin/approvals/';

interface MailOf {
  kind: MailKind;
  reader: MailReader;
  /** The event the mail is about (the first date of a series). */
  event: BookingEvent;
  /** Events for the attachment, and whether it cancels them; none: no attachment. */
  attach?: { events: BookingEvent[]; cancel: boolean };
  values?: Record<string, string | number>;
  linkPath?: string;
  /** The path of the template's second button, if it has one. */
  secondLinkPath?: string;
}

async function send(tx: AppDeps, mail: MailOf): Promise<void> {
  const org = await findOrganization(tx.db, mail.reader.organizationId);
  if (!org) return;
  const language = mailLanguage(mail.reader.switches.mail_language, org.language);
  const when = describeWhen(mail.event, { language, use24Hour: mail.reader.use24Hour, zone: mail.reader.zone });
  const attachments: MailAttachment[] = mail.attach?.events.length
    ? [
        {
          filename: calendarFileName(mail.event),
          contentType: `text/calendar; charset=utf-8; method=${mail.attach.cancel ? 'CANCEL' : 'REQUEST'}`,
          content: calendarFile(mail.attach.events, {
            method: mail.attach.cancel ? 'cancel' : 'request',
            organizer: tx.config.MAIL_SENDER_ADDRESS,
            attendee: mail.reader.email,
          }),
        },
      ]
    : [];
  await queueMail(tx.db, tx.config, {
    kind: mail.kind,
    to: { email: mail.reader.email, firstname: mail.reader.firstname, userId: mail.reader.userId },
    organization: { id: org.id, name: org.name, language: org.language },
    values: {
      spaceName: mail.event.spaceName,
      areaName: mail.event.areaName,
      date: when,
      subject: mail.event.subject.trim() || '—',
      ...mail.values,
    },
    linkPath: mail.linkPath,
    secondLinkPath: mail.secondLinkPath,
    attachments,
    language,
  });
}

/** The owner, when they want booking mails. */
async function ownerToTell(db: Db, userId: string): Promise<MailReader | undefined> {
  const reader = await findReader(db, userId);
  return reader?.switches.mail_notifications === '1' ? reader : undefined;
}

/** Marks bookings as mailed about, which holds back their reminder for a day. */
async function markInformed(db: Db, ids: string[]): Promise<void> {
  if (ids.length)
    await db.updateTable('bookings').set({ last_info_mail_sent_at: new Date() }).where('id', 'in', ids).execute();
}

async function aboutOne(tx: AppDeps, booking: BookingRow): Promise<BookingEvent | undefined> {
  return (await describeBookings(tx.db, [booking]))[0];
}

/** A mail to the owner about one booking, with its event added/updated or cancelled. */
async function tellOwner(
  tx: AppDeps,
  booking: BookingRow,
  kind: MailKind,
  ics: 'event' | 'cancel' | 'none',
  values?: Record<string, string>,
): Promise<void> {
  const reader = await ownerToTell(tx.db, booking.user_id);
  const event = reader && (await aboutOne(tx, booking));
  if (!reader || !event) return;
  await send(tx, {
    kind,
    reader,
    event,
    attach: ics === 'none' ? undefined : { events: [event], cancel: ics === 'cancel' },
    ...(values ? { values } : {}),
    linkPath: BOOKINGS_PATH,
  });
  if (ics === 'event') await markInformed(tx.db, [booking.id]);
}

async function askApprovers(tx: AppDeps, booking: BookingRow): Promise<void> {
  const approvers = await findApprovers(tx.db, booking.space_id);
  if (approvers.length === 0) return;
  const event = await aboutOne(tx, booking);
  const owner = await tx.db.selectFrom('users').select('email').where('id', '=', booking.user_id).executeTakeFirst();
  if (!event || !owner) return;
  for (const reader of approvers)
    await send(tx, {
      kind: 'approval-request',
      reader,
      event,
      values: { userEmail: owner.email },
      linkPath: APPROVALS_PATH,
    });
}

async function onChange(tx: AppDeps, change: BookingChange): Promise<void> {
  switch (change.kind) {
    case 'created':
      // A series is told once, with all its dates (series-created).
      if (change.booking.recurring_id) return;
      if (change.booking.approved) await tellOwner(tx, change.booking, 'booking-created', 'event');
      else await askApprovers(tx, change.booking);
      return;
    case 'updated': {
      const { before, booking } = change;
      if (before.user_id !== booking.user_id) {
        // Handed to someone else: the first owner loses it, the new one gets it.
        await tellOwner(tx, before, 'booking-deleted', before.approved ? 'cancel' : 'none');
        if (booking.approved) await tellOwner(tx, booking, 'booking-created', 'event');
        return;
      }
      await tellOwner(tx, booking, 'booking-updated', booking.approved ? 'event' : 'none');
      return;
    }
    case 'approved':
      await tellOwner(tx, change.booking, 'booking-approved', 'event');
      return;
    case 'reassigned':
      // An account merged into another: the same person, who already knows these bookings.
      return;
    case 'checked-in':
      // The person is there: nothing to tell them.
      return;
    case 'ended-early':
      // A check-out is the person's own doing. A release tells the owner the space went to
      // others, with the booking as it was booked, and takes the event out of their calendar.
      if (change.why === 'no-show')
        await tellOwner(
          tx,
          { ...change.booking, leave_at: change.booking.booked_leave_at ?? change.booking.leave_at },
          'booking-released',
          change.booking.approved ? 'cancel' : 'none',
        );
      return;
    case 'removed':
      switch (change.reason) {
        case 'declined':
          await tellOwner(tx, change.booking, 'booking-declined', 'none');
          return;
        case 'cancelled':
        case 'space-removed':
          // The canceller's reason, if they gave one, gets a line of its own ("Reason: …").
          await tellOwner(
            tx,
            change.booking,
            'booking-deleted',
            change.booking.approved ? 'cancel' : 'none',
            change.note ? { reason: change.note } : undefined,
          );
          return;
        default:
          // series-ended: told once by series-ended; retention: history, not news.
          return;
      }
    case 'series-created': {
      const approved = change.occurrences.filter((b) => b.approved);
      if (approved.length === 0 || !approved[0]) return;
      const reader = await ownerToTell(tx.db, approved[0].user_id);
      if (!reader) return;
      const events = await describeBookings(tx.db, approved);
      if (!events[0]) return;
      await send(tx, {
        kind: 'series-created',
        reader,
        event: events[0],
        attach: { events, cancel: false },
        values: { count: events.length },
        linkPath: BOOKINGS_PATH,
      });
      await markInformed(
        tx.db,
        approved.map((b) => b.id),
      );
      return;
    }
    case 'series-ended': {
      if (change.removed.length === 0 || !change.removed[0]) return;
      const reader = await ownerToTell(tx.db, change.removed[0].user_id);
      if (!reader) return;
      const events = await describeBookings(tx.db, change.removed);
      if (!events[0]) return;
      const inCalendars = events.filter((e) => e.approved);
      await send(tx, {
        kind: 'series-cancelled',
        reader,
        event: events[0],
        attach: inCalendars.length ? { events: inCalendars, cancel: true } : undefined,
        values: { count: events.length },
        linkPath: BOOKINGS_PATH,
      });
      return;
    }
  }
}

export const bookingMailHook: BookingHook = (tx, change) => onChange(tx, change);

/** Bookings whose reminder is due per run of the reminder job. */
const REMINDER_BATCH = 500;

/**
 * The reminder a day ahead, for approved bookings starting in 20 to 25 hours
 * whose owner turned `mail_reminder` on and got no other mail about them in the last 24 hours.
 * Each booking is reminded once: the rows are locked and marked in the transaction that queues
 * the mails (a change of the booking arms the reminder again). Returns how many were queued.
 */
export async function queueDueReminders(tx: AppDeps, now = new Date()): Promise<number> {
  const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);
  const due = await tx.db
    .selectFrom('bookings')
    .selectAll('bookings')
    .where('approved', '=', true)
    .where('reminder_sent_at', 'is', null)
    .where('enter_at', '>=', hours(20))
    .where('enter_at', '<=', hours(25))
    .where((eb) => eb.or([eb('last_info_mail_sent_at', 'is', null), eb('last_info_mail_sent_at', '<', hours(-24))]))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_preferences')
          .select('user_preferences.user_id')
          .whereRef('user_preferences.user_id', '=', 'bookings.user_id')
          .where('user_preferences.name', '=', 'mail_reminder')
          .where('user_preferences.value', '=', '1'),
      ),
    )
    .orderBy('enter_at')
    .limit(REMINDER_BATCH)
    .forUpdate()
    .skipLocked()
    .execute();
  if (due.length === 0) return 0;
  const events = new Map((await describeBookings(tx.db, due)).map((e) => [e.id, e]));
  for (const booking of due) {
    const reader = await findReader(tx.db, booking.user_id);
    const event = events.get(booking.id);
    if (reader && event)
      await send(tx, {
        kind: 'booking-reminder',
        reader,
        event,
        attach: { events: [event], cancel: false },
        linkPath: BOOKINGS_PATH,
      });
  }
  await tx.db
    .updateTable('bookings')
    .set({ reminder_sent_at: now })
    .where(
      'id',
      'in',
      due.map((b) => b.id),
    )
    .execute();
  return due.length;
}

/**
 * The check-in reminders due now (the window is open; the last call before the release), to
 * people who did not turn `mail_checkin_reminder` off. Each mail has its own link, usable once,
 * until the booking is missed: "Check in" (not under "scan only": a mail cannot prove that the
 * person stands at the space, so the mail says to scan the code) and "I won't come".
 * Returns how many were queued.
 */
export async function queueCheckInReminders(tx: AppDeps, now = new Date()): Promise<number> {
  let queued = 0;
  for (const reminder of await claimCheckInReminders(tx, now)) {
    const reader = await findReader(tx.db, reminder.userId);
    if (!reader || reader.switches.mail_checkin_reminder === '0') continue;
    const booking = await tx.db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', reminder.bookingId)
      .executeTakeFirst();
    const event = booking && (await aboutOne(tx, booking));
    if (!event) continue;
    const org = await findOrganization(tx.db, reader.organizationId);
    const language = mailLanguage(reader.switches.mail_language, org?.language);
    const link = await createReminderLink(tx.db, reminder.bookingId, reminder.missedAt);
    await send(tx, {
      kind: reminder.kind === 'last-call' ? 'checkin-last-call' : 'checkin-open',
      reader,
      event,
      values: {
        releaseTime: reminder.releases
          ? describeTime(reminder.missedAt, event.zone, { language, use24Hour: reader.use24Hour, zone: reader.zone })
          : '',
        scanOnly: reminder.scanOnly ? '1' : '',
      },
      linkPath: reminder.scanOnly ? undefined : `/ui/checkin/${link}?do=in`,
      secondLinkPath: `/ui/checkin/${link}?do=release`,
    });
    queued++;
  }
  return queued;
}
