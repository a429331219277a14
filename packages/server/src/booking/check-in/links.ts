import { ErrorCode, type CheckInLinkResult } from '@perch/contract';
import type { AppDeps } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../http/errors.js';
import { createLink, findLink, LinkType, takeLink } from '../../identity/one-time-links/index.js';
import { toClientTime } from '../../lib/time.js';
import { checkInSubject, releaseSubject } from './check-in.js';
import { lockCheckInSubject } from './repo.js';

/**
 * The links of a check-in reminder mail: one link per mail, opened as "Check in"
 * (`/ui/checkin/<id>?do=in`) or "I won't come" (`?do=release`). The link is the proof of who
 * asks, so it is used once (either way) and stops working when the booking is missed.
 */

/** A new link for a booking's reminder mail, working until `expiresAt`; answers its id. */
export async function createReminderLink(db: Db, bookingId: string, expiresAt: Date): Promise<string> {
  return createLink(db, LinkType.CheckInReminder, bookingId, {}, expiresAt);
}

const invalid = () => notFound('This link has been used or has expired', ErrorCode.CheckInLinkInvalid);

/**
 * Does what the link's button says, for the booking's person: check in (as a click would, so
 * not under "scan only") or release the booking. A refusal leaves the link usable (nothing was
 * done); a success uses it up.
 */
export async function followReminderLink(
  deps: AppDeps,
  linkId: string,
  action: 'in' | 'release',
): Promise<CheckInLinkResult> {
  return inTransaction(deps, async (tx) => {
    const link = await findLink<Record<string, never>>(tx.db, LinkType.CheckInReminder, linkId, { forUpdate: true });
    if (!link) throw invalid();
    const subject = await lockCheckInSubject(tx.db, link.refId);
    if (!subject) throw invalid();
    let kept = true;
    if (action === 'in') await checkInSubject(tx, null, subject);
    else ({ kept } = await releaseSubject(tx, null, subject));
    if (!(await takeLink(tx.db, link.id))) throw invalid();
    const { booking, zone } = subject;
    return {
      action,
      kept,
      spaceName: subject.spaceName,
      areaName: subject.areaName,
      enter: toClientTime(booking.enter_at, zone),
      leave: toClientTime(booking.booked_leave_at ?? booking.leave_at, zone),
    };
  });
}
