import { BOOKING_HISTORY, Role, type BookingStateFilter, type ListPage } from '@perch/contract';
import { requireRole } from '../../access.js';
import type { AppDeps, AuthContext } from '../../context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { findUserByEmail } from '../../identity/accounts/index.js';
import { areaFilter } from './area-filter.js';
import { requireOwnerOrSpaceAdmin } from './policy.js';
import {
  bookingsInProgress,
  bookingsInWallClockWindow,
  findBookingView,
  pastBookingsOf,
  upcomingBookingsOf,
  type AdminListFilter,
  type BookingList,
  type BookingView,
} from './repo.js';

/** The caller's bookings that have not ended, by start. */
export async function myBookings(deps: AppDeps, auth: AuthContext): Promise<BookingList> {
  return upcomingBookingsOf(deps.db, auth.userId);
}

/**
 * The caller's bookings that ended in the last `days` days, the latest first: their history,
 * with the check-in outcome (a released booking ended when it was released).
 */
export async function myPastBookings(deps: AppDeps, auth: AuthContext, days: number): Promise<BookingList> {
  return pastBookingsOf(deps.db, auth.userId, new Date(Date.now() - days * 86_400_000), BOOKING_HISTORY.limit);
}

/** One booking: its owner or a space admin of its organisation. */
export async function getBooking(deps: AppDeps, auth: AuthContext, id: string): Promise<BookingView> {
  const b = await findBookingView(deps.db, pathId(id, 'Unknown booking'));
  if (!b) throw notFound('Unknown booking');
  requireOwnerOrSpaceAdmin(auth, { organizationId: b.organization_id, userId: b.user_id });
  return b;
}

/** The admin lists' optional `user` (an email of the organisation) and `location` filters. */
async function adminFilter(
  deps: AppDeps,
  auth: AuthContext,
  q: { user?: string | undefined; location?: string | undefined; state?: BookingStateFilter | undefined },
): Promise<AdminListFilter> {
  requireRole(auth, Role.SpaceAdmin);
  const f: AdminListFilter = { orgId: auth.orgId, ...(q.state ? { state: q.state } : {}) };
  if (q.user) {
    const u = await findUserByEmail(deps.db, auth.orgId, q.user);
    if (!u) throw badRequest('Unknown user');
    f.userId = u.id;
  }
  if (q.location) f.locationId = await areaFilter(deps.db, auth.orgId, q.location);
  return f;
}

/** The wall-clock digits of an RFC 3339 time, as written (any offset ignored). */
function wallClock(text: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)/.exec(text.trim());
  if (!m || Number.isNaN(Date.parse(text))) throw badRequest('start and end must be RFC 3339 times');
  return `${m[1]} ${m[2]}`;
}

/**
 * The organisation's bookings lying fully inside [start, end], where start and end are
 * wall-clock times compared in each booking's area zone (space admins).
 */
export async function filteredBookings(
  deps: AppDeps,
  auth: AuthContext,
  q: {
    start: string;
    end: string;
    user?: string | undefined;
    location?: string | undefined;
    state?: BookingStateFilter | undefined;
  } & ListPage,
): Promise<BookingList> {
  requireRole(auth, Role.SpaceAdmin);
  const start = wallClock(q.start);
  const end = wallClock(q.end);
  return bookingsInWallClockWindow(deps.db, await adminFilter(deps, auth, q), start, end, {
    limit: q.limit,
    offset: q.offset,
  });
}

/** Bookings in progress now (space admins). */
export async function currentBookings(
  deps: AppDeps,
  auth: AuthContext,
  q: { user?: string | undefined; location?: string | undefined; state?: BookingStateFilter | undefined },
): Promise<BookingList> {
  return bookingsInProgress(deps.db, await adminFilter(deps, auth, q), new Date());
}
