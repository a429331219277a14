import { Role, type ListPage } from '@perch/contract';
import { requireRole } from '../../access.js';
import type { AppDeps, AuthContext } from '../../context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { requireApprover } from './policy.js';
import { countPendingBookingsFor, findBookingView, pendingBookingsFor, type BookingList } from './repo.js';
import { approveBooking, removeBookings } from './write.js';

const DAY_MS = 86_400_000;

/** Bookings waiting for the caller's approval (not ended more than a day ago), by start. */
export async function pendingApprovals(deps: AppDeps, auth: AuthContext, page: ListPage = {}): Promise<BookingList> {
  requireRole(auth, Role.SpaceAdmin);
  return pendingBookingsFor(deps.db, auth.orgId, auth.userId, new Date(Date.now() - DAY_MS), page);
}

/** How many bookings wait for the caller's approval. */
export async function pendingApprovalsCount(deps: AppDeps, auth: AuthContext): Promise<number> {
  requireRole(auth, Role.SpaceAdmin);
  return countPendingBookingsFor(deps.db, auth.orgId, auth.userId, new Date(Date.now() - DAY_MS));
}

/** Confirms (true) or declines (false, the booking is removed) a booking waiting for approval. */
export async function decideApproval(
  deps: AppDeps,
  auth: AuthContext,
  input: { id: string; approved: boolean },
): Promise<void> {
  const b = await findBookingView(deps.db, pathId(input.id, 'Unknown booking'));
  if (!b) throw notFound('Unknown booking');
  await requireApprover(deps.db, auth, { id: b.id, organizationId: b.organization_id });
  if (b.leave_at.getTime() < Date.now() - DAY_MS) throw badRequest('This booking ended too long ago');
  if (b.approved) return;
  if (input.approved) await approveBooking(deps, auth, b.id);
  else await removeBookings(deps, auth, [b.id], 'declined');
}
