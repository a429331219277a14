import { ErrorCode, isSpaceAdmin } from '@perch/contract';
import type { FastifyRequest } from 'fastify';
import { DateTime } from 'luxon';
import type { AppDeps } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors.js';
import { requireOrgRole } from '../../http/permissions.js';
import { effectiveZone } from '../../lib/time.js';
import { settingsMap } from './facts.js';
import { findBookingView } from './repo.js';
import { bookingSettings } from './rules/index.js';

/** Deletes bookings and, when a series loses its last occurrence, the series too. */
export async function removeBookings(trx: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const deleted = await trx
    .deleteFrom('bookings')
    .where('id', 'in', [...ids])
    .returning('recurring_id')
    .execute();
  const series = [...new Set(deleted.map((d) => d.recurring_id).filter((r): r is string => r !== null))];
  if (series.length)
    await trx
      .deleteFrom('recurring_bookings')
      .where('id', 'in', series)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(selectFrom('bookings').select('id').whereRef('bookings.recurring_id', '=', 'recurring_bookings.id')),
        ),
      )
      .execute();
}

/**
 * DELETE /booking/{id}: the owner or a space admin; not once it ended before today (in the
 * area's zone); not within `max_hours_before_delete` of its start unless the caller is an
 * admin exempt by `no_admin_restrictions`.
 */
export async function deleteBooking(deps: AppDeps, req: FastifyRequest, id: string): Promise<void> {
  const b = await findBookingView(deps.db, id);
  if (!b) throw notFound('Unknown booking');
  const auth = requireOrgRole(req, b.organization_id, 0);
  const admin = isSpaceAdmin(auth.role);
  if (b.user_id !== auth.userId && !admin) throw forbidden('This is not your booking');
  const zone = effectiveZone(b.zone, undefined);
  const now = DateTime.now().setZone(zone);
  if (b.leave_at.getTime() < now.startOf('day').toMillis()) throw badRequest('Past bookings cannot be deleted');
  const s = bookingSettings(await settingsMap(deps.db, b.organization_id));
  const exempt = admin && s.noAdminRestrictions;
  if (!exempt && s.enableMaxHoursBeforeDelete && s.maxHoursBeforeDelete > 0) {
    const hoursLeft = Math.floor((b.enter_at.getTime() - now.toMillis()) / 3_600_000);
    if (hoursLeft < s.maxHoursBeforeDelete)
      throw new HttpError(
        403,
        `A booking cannot be cancelled less than ${s.maxHoursBeforeDelete} hours before it starts; contact an admin`,
        ErrorCode.BookingMaxHoursBeforeDelete,
      );
  }
  await deps.db.transaction().execute((trx) => removeBookings(trx, [b.id]));
}
