import type { AppDeps, AuthContext } from '../../context.js';
import { sql } from 'kysely';
import { badRequest } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import { findUserByEmail } from '../users/repo.js';
import { bookingViews, LOCATION_ZONE, type BookingView } from './repo.js';

/** The caller's bookings that have not ended, by start. */
export async function myBookings(deps: AppDeps, auth: AuthContext): Promise<BookingView[]> {
  return bookingViews(deps.db)
    .where('bookings.user_id', '=', auth.userId)
    .where('bookings.leave_at', '>', new Date())
    .orderBy('bookings.enter_at')
    .execute();
}

/** Optional `user` (an email of the organisation) and `location` filters of the admin lists. */
async function filters(deps: AppDeps, auth: AuthContext, user: string | undefined, location: string | undefined) {
  let userId: string | undefined;
  if (user) {
    const u = await findUserByEmail(deps.db, auth.orgId, user);
    if (!u) throw badRequest('Unknown user');
    userId = u.id;
  }
  if (location) {
    if (!isUuid(location)) throw badRequest('Unknown area');
    const l = await deps.db
      .selectFrom('locations')
      .select('id')
      .where('id', '=', location)
      .where('organization_id', '=', auth.orgId)
      .executeTakeFirst();
    if (!l) throw badRequest('Unknown area');
  }
  return { userId, locationId: location?.toLowerCase() };
}

/** The wall-clock digits of an RFC 3339 time, as written (any offset ignored). */
function wallClock(text: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)/.exec(text.trim());
  if (!m || Number.isNaN(Date.parse(text))) throw badRequest('start and end must be RFC 3339 times');
  return `${m[1]} ${m[2]}`;
}

/**
 * GET /booking/filter/: the organisation's bookings lying fully inside [start, end], where
 * start and end are wall-clock times compared in each booking's area zone.
 */
export async function filteredBookings(
  deps: AppDeps,
  auth: AuthContext,
  q: { start: string; end: string; user?: string; location?: string },
): Promise<BookingView[]> {
  const start = wallClock(q.start);
  const end = wallClock(q.end);
  const f = await filters(deps, auth, q.user, q.location);
  let query = bookingViews(deps.db)
    .where('bookings.organization_id', '=', auth.orgId)
    .where(sql<boolean>`(bookings.enter_at AT TIME ZONE ${LOCATION_ZONE}) >= ${start}::timestamp`)
    .where(sql<boolean>`(bookings.leave_at AT TIME ZONE ${LOCATION_ZONE}) <= ${end}::timestamp`);
  if (f.userId) query = query.where('bookings.user_id', '=', f.userId);
  if (f.locationId) query = query.where('bookings.location_id', '=', f.locationId);
  return query.orderBy('bookings.enter_at').limit(10_000).execute();
}

/** GET /booking/current/: bookings in progress now. */
export async function currentBookings(
  deps: AppDeps,
  auth: AuthContext,
  q: { user?: string; location?: string },
): Promise<BookingView[]> {
  const f = await filters(deps, auth, q.user, q.location);
  const now = new Date();
  let query = bookingViews(deps.db)
    .where('bookings.organization_id', '=', auth.orgId)
    .where('bookings.enter_at', '<=', now)
    .where('bookings.leave_at', '>', now);
  if (f.userId) query = query.where('bookings.user_id', '=', f.userId);
  if (f.locationId) query = query.where('bookings.location_id', '=', f.locationId);
  return query.orderBy('bookings.enter_at').execute();
}
