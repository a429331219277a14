import { isSpaceAdmin, Role } from '@perch/contract';
import { requireOrgRole } from '../../access.js';
import type { AuthContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { mayApproveBooking } from './repo.js';
import type { BookingSettings } from './rules/index.js';

/**
 * Who may do what with bookings. Rules of time and quantity live in rules/; this is about
 * the people: owners, space admins, approvers.
 */

/**
 * A booking (or series) is seen, changed and cancelled by its owner, and by the space admins
 * of its organisation. Another organisation's booking is 404; someone else's is 403.
 */
export function requireOwnerOrSpaceAdmin(
  auth: AuthContext,
  item: { organizationId: string; userId: string },
  message = 'This is not your booking',
): void {
  requireOrgRole(auth, item.organizationId, Role.User);
  if (item.userId !== auth.userId && !isSpaceAdmin(auth.role)) throw forbidden(message);
}

/** Space admins are exempt from most limits when the organisation turns on `no_admin_restrictions`. */
export const isExempt = (auth: AuthContext, settings: BookingSettings): boolean =>
  isSpaceAdmin(auth.role) && settings.noAdminRestrictions;

/**
 * Disabled spaces and areas take bookings from space admins only: single bookings and series
 * alike (an admin may still place an event on a desk that is closed to everyone else).
 */
export function requireBookable(auth: AuthContext, space: { spaceEnabled: boolean; locationEnabled: boolean }): void {
  if ((!space.locationEnabled || !space.spaceEnabled) && !isSpaceAdmin(auth.role))
    throw badRequest('This space cannot be booked');
}

/** Booking in someone else's name is for space admins. */
export function requireMayBookForOthers(auth: AuthContext): void {
  if (!isSpaceAdmin(auth.role)) throw forbidden('Only space admins book for someone else');
}

/**
 * Approving: space admins of the booking's organisation who are in one of the space's
 * approver groups, or any of them when the space has none.
 */
export async function requireApprover(db: Db, auth: AuthContext, booking: { id: string; organizationId: string }) {
  requireOrgRole(auth, booking.organizationId, Role.SpaceAdmin);
  if (!(await mayApproveBooking(db, booking.id, auth.userId))) throw forbidden('You are not an approver of this space');
}
