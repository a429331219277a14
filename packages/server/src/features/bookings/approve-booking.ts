import { Role } from '@perch/contract';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppDeps, AuthContext } from '../../context.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { requireOrgRole } from '../../http/permissions.js';
import { removeBookings } from './delete-booking.js';
import { bookingViews, findBookingView, type BookingView } from './repo.js';

const DAY_MS = 86_400_000;

/**
 * Spaces whose bookings the caller may approve: those with an approver group the caller is
 * in, and those without approver groups (any space admin).
 */
function approvableBy(auth: AuthContext) {
  return sql<boolean>`(
    NOT EXISTS (SELECT 1 FROM space_approvers sa WHERE sa.space_id = bookings.space_id)
    OR EXISTS (SELECT 1 FROM space_approvers sa JOIN user_groups ug ON ug.group_id = sa.group_id
               WHERE sa.space_id = bookings.space_id AND ug.user_id = ${auth.userId}))`;
}

/** Bookings waiting for the caller's approval (not ended more than a day ago), by start. */
export async function pendingApprovals(deps: AppDeps, auth: AuthContext): Promise<BookingView[]> {
  return bookingViews(deps.db)
    .where('bookings.organization_id', '=', auth.orgId)
    .where('bookings.approved', '=', false)
    .where('bookings.leave_at', '>=', new Date(Date.now() - DAY_MS))
    .where(approvableBy(auth))
    .orderBy('bookings.enter_at')
    .execute();
}

/** POST /booking/{id}/approve: true confirms, false declines (the booking is removed). */
export async function approveBooking(deps: AppDeps, req: FastifyRequest, id: string, approved: boolean): Promise<void> {
  const b = await findBookingView(deps.db, id);
  if (!b) throw notFound('Unknown booking');
  const auth = requireOrgRole(req, b.organization_id, Role.SpaceAdmin);
  const allowed = await deps.db
    .selectFrom('bookings')
    .select('id')
    .where('id', '=', b.id)
    .where(approvableBy(auth))
    .executeTakeFirst();
  if (!allowed) throw forbidden('You are not an approver of this space');
  if (b.leave_at.getTime() < Date.now() - DAY_MS) throw badRequest('This booking ended too long ago');
  if (b.approved) return;
  if (approved) await deps.db.updateTable('bookings').set({ approved: true }).where('id', '=', b.id).execute();
  else await deps.db.transaction().execute((trx) => removeBookings(trx, [b.id]));
}
