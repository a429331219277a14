import { ErrorCode, type BookingSave } from '@perch/contract';
import { DateTime } from 'luxon';
import type { AppDeps, AuthContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, conflict, notFound, ruleError } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { checkRules, lockForBooking } from './check.js';
import { isExempt, requireOwnerOrSpaceAdmin } from './policy.js';
import { findBooking } from './repo.js';
import { loadBookingTarget, resolvePerson } from './target.js';
import { updateBooking } from './write.js';

/**
 * Changes a booking: the same rules with this booking left out of every count, no limit on
 * upcoming bookings and no subject-required or enabled checks. Approval is kept.
 */
export async function changeBooking(
  deps: AppDeps,
  auth: AuthContext,
  input: { id: string; booking: BookingSave },
): Promise<void> {
  const body = input.booking;
  const existing = await findBooking(deps.db, pathId(input.id, 'Unknown booking'));
  if (!existing) throw notFound('Unknown booking');
  const target = await loadBookingTarget(deps, auth, body);
  const { space, settings } = target;
  if (space.organizationId !== existing.organization_id) throw badRequest('Unknown space');
  requireOwnerOrSpaceAdmin(auth, { organizationId: existing.organization_id, userId: existing.user_id });
  // A released booking is history: the space went back to others.
  if (existing.released_at) throw conflict('The booking was released; book again', ErrorCode.BookingReleased);
  await inTransaction(deps, async (tx) => {
    const person =
      body.userEmail === undefined ? { id: existing.user_id } : await resolvePerson(tx, auth, target, body.userEmail);
    // The space it leaves is locked too: two bookings swapping spaces must not wait on each other.
    await lockForBooking(tx.db, person.id, space, [existing.space_id]);
    const v = await checkRules(tx.db, {
      mode: 'update',
      target,
      enter: target.enter,
      leave: target.leave,
      personId: person.id,
      subject: body.subject,
      exempt: isExempt(auth, settings),
      now: DateTime.now(),
      excludeBookingId: existing.id,
    });
    if (v) throw ruleError(v);
    await updateBooking(tx, auth, existing, {
      space_id: space.spaceId,
      location_id: space.locationId,
      user_id: person.id,
      enter_at: target.enter.toJSDate(),
      leave_at: target.leave.toJSDate(),
      subject: body.subject.trim(),
    });
  });
}
