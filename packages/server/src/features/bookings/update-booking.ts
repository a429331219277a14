import { isSpaceAdmin, type BookingSave } from '@perch/contract';
import type { FastifyRequest } from 'fastify';
import { DateTime } from 'luxon';
import type { AppDeps } from '../../context.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { isSlotConflict, lockForBooking, ruleError, slotTaken, violationFor } from './check.js';
import { bookingTarget } from './create-booking.js';
import { resolvePerson } from './person.js';

/**
 * PUT /booking/{id}: the same rules with this booking left out of every count, no limit on
 * upcoming bookings and no subject-required or enabled checks. Approval is kept.
 */
export async function updateBooking(deps: AppDeps, req: FastifyRequest, id: string, body: BookingSave): Promise<void> {
  const existing = await deps.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
  if (!existing) throw notFound('Unknown booking');
  const t = await bookingTarget(deps, req, body.spaceId, body.enter, body.leave);
  const { auth, space, settings } = t;
  if (space.organizationId !== existing.organization_id) throw badRequest('Unknown space');
  const admin = isSpaceAdmin(auth.role);
  if (existing.user_id !== auth.userId && !admin) throw forbidden('This is not your booking');
  await deps.db.transaction().execute(async (trx) => {
    const person =
      body.userEmail === undefined
        ? { id: existing.user_id }
        : await resolvePerson(trx, auth, space.organizationId, body.userEmail, settings);
    await lockForBooking(trx, person.id, space);
    const v = await violationFor(trx, {
      mode: 'update',
      space,
      personId: person.id,
      enter: t.enter,
      leave: t.leave,
      subject: body.subject,
      settings,
      exempt: admin && settings.noAdminRestrictions,
      now: DateTime.now(),
      excludeBookingId: existing.id,
    });
    if (v) throw ruleError(v);
    try {
      await trx
        .updateTable('bookings')
        .set({
          space_id: space.spaceId,
          location_id: space.locationId,
          user_id: person.id,
          enter_at: t.enter.toJSDate(),
          leave_at: t.leave.toJSDate(),
          subject: body.subject.trim(),
          reminder_sent_at: null,
        })
        .where('id', '=', existing.id)
        .execute();
    } catch (e) {
      if (isSlotConflict(e)) throw slotTaken();
      throw e;
    }
  });
}
