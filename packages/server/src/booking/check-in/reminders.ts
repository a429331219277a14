import { DateTime } from 'luxon';
import type { AppDeps } from '../../context.js';
import { readSettings } from '../../organization/settings/index.js';
import {
  CHECK_IN_MODES,
  checkedInWhenMade,
  effectivePolicy,
  LONGEST_DEADLINE_HOURS,
  MAX_OPENS_MINUTES,
  missedAt,
  reminderDue,
} from './policy.js';
import type { CheckInReminderKind } from './policy.js';
import { awaitingCheckIn, organizationLevel, organizationsWithCheckIn } from './repo.js';

/** A check-in reminder to send: which booking, which reminder, and what its mail says. */
export interface CheckInReminder {
  bookingId: string;
  userId: string;
  kind: CheckInReminderKind;
  /** Not checked in by then, the booking is missed; the mail's links stop working then. */
  missedAt: Date;
  /** Missing the check-in releases the booking. */
  releases: boolean;
  /** Only scanning the space's code checks in: the mail offers no "Check in" link. */
  scanOnly: boolean;
}

/**
 * Claims the check-in reminders due now (see `reminderDue`): each booking's reminder is marked
 * as sent in the caller's transaction, so it is claimed once even by racing processes (the
 * mark is conditional). The caller sends what it claimed, in the same transaction.
 */
export async function claimCheckInReminders(tx: AppDeps, now = new Date()): Promise<CheckInReminder[]> {
  const at = DateTime.fromJSDate(now);
  const claimed: CheckInReminder[] = [];
  for (const organizationId of await organizationsWithCheckIn(tx.db)) {
    const organization = organizationLevel(await readSettings(tx.db, organizationId));
    const candidates = await awaitingCheckIn(
      tx.db,
      {
        of: { organizationId },
        startsAfter: at.minus({ hours: LONGEST_DEADLINE_HOURS }).toJSDate(),
        startsBy: at.plus({ minutes: MAX_OPENS_MINUTES }).toJSDate(),
        remindersPending: true,
      },
      now,
    );
    for (const { booking, zone, area, space } of candidates) {
      const { policy } = effectivePolicy(organization, area, space);
      const times = { enter: DateTime.fromJSDate(booking.enter_at), leave: DateTime.fromJSDate(booking.leave_at) };
      if (checkedInWhenMade(times, policy, DateTime.fromJSDate(booking.created_at))) continue;
      const remindedAt = booking.checkin_reminded_at ? DateTime.fromJSDate(booking.checkin_reminded_at) : null;
      const kind = reminderDue({ ...times, remindedAt, lastCallAt: null }, policy, zone, at);
      if (!kind) continue;
      // The last call also stands for the window-open reminder when that one never went out.
      const marks =
        kind === 'window-open'
          ? { checkin_reminded_at: now }
          : { checkin_last_call_at: now, ...(remindedAt ? {} : { checkin_reminded_at: now }) };
      let claim = tx.db
        .updateTable('bookings')
        .set(marks)
        .where('id', '=', booking.id)
        .where('checked_in_at', 'is', null)
        .where('released_at', 'is', null)
        .where('checkin_last_call_at', 'is', null);
      if (kind === 'window-open') claim = claim.where('checkin_reminded_at', 'is', null);
      const done = await claim.executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) continue;
      claimed.push({
        bookingId: booking.id,
        userId: booking.user_id,
        kind,
        missedAt: missedAt(times, policy, zone).toJSDate(),
        releases: policy.release,
        scanOnly: policy.mode === CHECK_IN_MODES.scanOnly,
      });
    }
  }
  return claimed;
}
