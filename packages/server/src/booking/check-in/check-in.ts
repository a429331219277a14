import { ErrorCode, type CheckInDue } from '@perch/contract';
import { DateTime } from 'luxon';
import type { AppDeps, AuthContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { sameSecret } from '../../lib/same-secret.js';
import { readSettings } from '../../organization/settings/index.js';
import { checkInBooking, endBookingEarly, removeBookings, requireOwnerOrSpaceAdmin } from '../bookings/index.js';
import {
  CHECK_IN_MODES,
  checkedInWhenMade,
  checkInRefusal,
  effectivePolicy,
  MAX_OPENS_MINUTES,
  missedAt,
  needsCheckIn,
  windowOpensAt,
  type CheckInRefusal,
} from './policy.js';
import { awaitingCheckIn, lockCheckInSubject, organizationLevel, type CheckInSubject } from './repo.js';

const REFUSALS: Record<Exclude<CheckInRefusal, 'released'>, [ErrorCode, string]> = {
  off: [ErrorCode.CheckInOff, 'This space needs no check-in'],
  'not-yet': [ErrorCode.CheckInNotOpenYet, 'Check-in has not opened yet'],
  closed: [ErrorCode.CheckInClosed, 'The booking has ended'],
  'needs-scan': [ErrorCode.CheckInNeedsScan, 'Scan the code at the space to check in'],
};

/** The booking, locked, when the caller may act on it (its owner or a space admin). */
async function subjectFor(tx: AppDeps, auth: AuthContext, id: string): Promise<CheckInSubject> {
  const subject = await lockCheckInSubject(tx.db, pathId(id, 'Unknown booking'));
  if (!subject) throw notFound('Unknown booking');
  const { booking } = subject;
  requireOwnerOrSpaceAdmin(auth, { organizationId: booking.organization_id, userId: booking.user_id });
  return subject;
}

/**
 * Checks the booking's person in, now. A `token` must be the one in the space's code (a wrong
 * one is refused: it is another space's code); under "scan only" it is required. A second
 * check-in changes nothing.
 */
export async function checkIn(deps: AppDeps, auth: AuthContext, id: string, token?: string): Promise<void> {
  await inTransaction(deps, async (tx) => checkInSubject(tx, auth, await subjectFor(tx, auth, id), token));
}

/**
 * Checks in the booking of a locked subject, for `actor` (null: by a mailed link). `token`, when
 * given, is what was scanned; without it this is a click.
 */
export async function checkInSubject(
  tx: AppDeps,
  actor: AuthContext | null,
  subject: CheckInSubject,
  token?: string,
): Promise<void> {
  const { booking } = subject;
  if (booking.released_at) throw conflict('The booking was released', ErrorCode.BookingReleased);
  if (token !== undefined && !sameSecret(token, subject.spaceToken))
    throw badRequest('This is the code of another space', ErrorCode.CheckInNeedsScan);
  if (booking.checked_in_at) return;
  const organization = organizationLevel(await readSettings(tx.db, booking.organization_id));
  const { policy } = effectivePolicy(organization, subject.area, subject.space);
  const now = DateTime.now();
  const refusal = checkInRefusal(
    { enter: DateTime.fromJSDate(booking.enter_at), leave: DateTime.fromJSDate(booking.leave_at), releasedAt: null },
    policy,
    now,
    token !== undefined,
  );
  if (refusal && refusal !== 'released') {
    const [code, message] = REFUSALS[refusal];
    throw badRequest(message, code);
  }
  await checkInBooking(tx, actor, booking.id, now.toJSDate());
}

/** The next whole minute from now (now, when now is one). */
function nextWholeMinute(): DateTime {
  const now = DateTime.now();
  return now.startOf('minute').plus({ minutes: now.second || now.millisecond ? 1 : 0 });
}

/**
 * Leaves early: a booking in progress ends now (to the next whole minute), and the rest of its
 * slot is free for others. Its history keeps the end as booked.
 */
export async function checkOut(deps: AppDeps, auth: AuthContext, id: string): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const { booking } = await subjectFor(tx, auth, id);
    const now = DateTime.now();
    const end = nextWholeMinute();
    const enter = DateTime.fromJSDate(booking.enter_at);
    const leave = DateTime.fromJSDate(booking.leave_at);
    if (now < enter || now >= leave || booking.released_at)
      throw badRequest('Only a booking in progress can be ended early', ErrorCode.CheckOutNotInProgress);
    if (end >= leave) return;
    await endBookingEarly(tx, auth, booking, end.toJSDate(), 'checked-out');
  });
}

/**
 * "I won't come": the person gives the space back at once. A booking that has not begun is
 * cancelled (as Cancel in My bookings would, but also after the cancellation deadline: giving a
 * space back early is what a check-in policy asks for); one in progress ends at the next whole
 * minute and stays in the history as released, `not-coming`. 409 when it was released already.
 * Answers whether the booking is kept (false: it was cancelled).
 */
export async function releaseSubject(
  tx: AppDeps,
  actor: AuthContext | null,
  subject: CheckInSubject,
): Promise<{ kept: boolean }> {
  const { booking } = subject;
  if (booking.released_at) throw conflict('The booking was released', ErrorCode.BookingReleased);
  const now = DateTime.now();
  if (now >= DateTime.fromJSDate(booking.leave_at)) throw badRequest('The booking has ended', ErrorCode.CheckInClosed);
  if (now < DateTime.fromJSDate(booking.enter_at)) {
    await removeBookings(tx, actor, [booking.id], 'cancelled');
    return { kept: false };
  }
  const end = nextWholeMinute();
  if (end < DateTime.fromJSDate(booking.leave_at))
    await endBookingEarly(tx, actor, booking, end.toJSDate(), 'not-coming', now.toJSDate());
  return { kept: true };
}

/**
 * The caller's bookings that ask for a check-in and have not ended, with their windows: those
 * in progress and those starting within the longest a window may open early. A booking made
 * inside its window counts as checked in and is left out.
 */
export async function dueCheckIns(deps: AppDeps, auth: AuthContext, now = new Date()): Promise<CheckInDue[]> {
  const candidates = await awaitingCheckIn(
    deps.db,
    { of: { userId: auth.userId }, startsBy: new Date(now.getTime() + MAX_OPENS_MINUTES * 60_000) },
    now,
  );
  if (candidates.length === 0) return [];
  const organization = organizationLevel(await readSettings(deps.db, auth.orgId));
  const due: CheckInDue[] = [];
  for (const { booking, zone, area, space } of candidates) {
    const { policy } = effectivePolicy(organization, area, space);
    const times = { enter: DateTime.fromJSDate(booking.enter_at), leave: DateTime.fromJSDate(booking.leave_at) };
    if (!needsCheckIn(times, policy)) continue;
    if (checkedInWhenMade(times, policy, DateTime.fromJSDate(booking.created_at))) continue;
    due.push({
      bookingId: booking.id,
      opensAt: windowOpensAt(times, policy).toUTC().toISO()!,
      missedAt: missedAt(times, policy, zone).toUTC().toISO()!,
      releases: policy.release,
      scanOnly: policy.mode === CHECK_IN_MODES.scanOnly,
    });
  }
  return due;
}
