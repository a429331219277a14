import { isSpaceAdmin, type AvailabilityBooking, type SearchAttribute, type SpaceAvailability } from '@perch/contract';
import type { DateTime } from 'luxon';
import type { AppDeps, AuthContext } from '../../app-context.js';
import type { LocationRow } from '../../db/schema.js';
import { weekdaysCovered } from '../../lib/time.js';
import { groupIdsOfUser } from '../groups/repo.js';
import { matchesAll } from '../locations/attribute-filter.js';
import { allowedBookersOf } from '../locations/repo.js';
import { bookingViews, presentBooking } from '../bookings/repo.js';
import { readSetting } from '../settings/repo.js';
import { presentSpace } from './presenter.js';
import { listSpaces, spaceLinks } from './repo.js';

/** Whether the area may be booked on every day a window touches. */
export function weekdaysAllowed(
  location: Pick<LocationRow, 'bookable_days'>,
  enter: DateTime,
  leave: DateTime,
  zone: string,
): boolean {
  const bookable = location.bookable_days.map(Number);
  if (bookable.length === 0) return true;
  for (const d of weekdaysCovered(enter, leave, zone)) if (!bookable.includes(d)) return false;
  return true;
}

/**
 * Bookings of the area's spaces that overlap a window (half-open), per space, by start. Other
 * people's names show only to space admins or when `show_names` is on; buddies are marked.
 */
async function bookingsBySpace(
  deps: AppDeps,
  auth: AuthContext | null,
  locationId: string,
  enter: Date,
  leave: Date,
): Promise<Map<string, AvailabilityBooking[]>> {
  // A zero-length window still shows the bookings covering its instant.
  const to = leave > enter ? leave : new Date(enter.getTime() + 1);
  const rows = await bookingViews(deps.db)
    .where('bookings.location_id', '=', locationId)
    .where('bookings.enter_at', '<', to)
    .where('bookings.leave_at', '>', enter)
    .orderBy('bookings.enter_at')
    .execute();
  const out = new Map<string, AvailabilityBooking[]>();
  if (rows.length === 0) return out;
  const showNames =
    auth !== null && (isSpaceAdmin(auth.role) || (await readSetting(deps.db, auth.orgId, 'show_names')) === '1');
  const buddies = auth
    ? new Set(
        (await deps.db.selectFrom('buddies').select('buddy_id').where('owner_id', '=', auth.userId).execute()).map(
          (b) => b.buddy_id,
        ),
      )
    : new Set<string>();
  for (const b of rows) {
    const visible = showNames || b.user_id === auth?.userId;
    const presented = presentBooking(b);
    const item: AvailabilityBooking = {
      id: b.id,
      recurringId: b.recurring_id ?? '',
      userId: visible ? b.user_id : '',
      userEmail: visible ? b.user_email : '',
      userFirstname: visible ? b.user_firstname : '',
      userLastname: visible ? b.user_lastname : '',
      enter: presented.enter,
      leave: presented.leave,
      subject: visible ? b.subject : '',
      approved: b.approved,
      isBuddy: buddies.has(b.user_id),
    };
    const list = out.get(b.space_id);
    if (list) list.push(item);
    else out.set(b.space_id, [item]);
  }
  return out;
}

/**
 * Every space of an area (or one space) with what the caller needs to book it in a window:
 * whether it is free, whether the caller may book it, whether it needs approval, and its
 * bookings in the window.
 */
export async function spaceAvailability(
  deps: AppDeps,
  auth: AuthContext,
  location: LocationRow,
  window: { enter: DateTime; leave: DateTime; zone: string },
  criteria: readonly SearchAttribute[],
  onlySpaceId?: string,
): Promise<SpaceAvailability[]> {
  const spaces = (await listSpaces(deps.db, location.id)).filter((s) => !onlySpaceId || s.id === onlySpaceId);
  const [links, userGroups, locationBookers, bookings] = await Promise.all([
    spaceLinks(
      deps.db,
      spaces.map((s) => s.id),
    ),
    groupIdsOfUser(deps.db, auth.userId),
    allowedBookersOf(deps.db, [location.id]),
    bookingsBySpace(deps, auth, location.id, window.enter.toJSDate(), window.leave.toJSDate()),
  ]);
  const inGroup = (groups: readonly string[]) => groups.length === 0 || groups.some((g) => userGroups.has(g));
  const locationAllowed =
    inGroup(locationBookers.get(location.id) ?? []) &&
    weekdaysAllowed(location, window.enter, window.leave, window.zone);
  const out: SpaceAvailability[] = [];
  for (const s of spaces) {
    const space = presentSpace(s, links);
    if (!matchesAll(new Map(space.attributes.map((a) => [a.attributeId, a.value])), criteria)) continue;
    const own = bookings.get(s.id) ?? [];
    out.push({
      ...space,
      kioskEnabled: false,
      available: own.length === 0,
      allowed: locationAllowed && inGroup(space.allowedBookerGroupIds),
      approvalRequired: space.approverGroupIds.length > 0,
      bookings: own,
    });
  }
  return out;
}

/** How many spaces an area has and how many of them are free in a window. */
export async function freeSpaceCounts(
  deps: AppDeps,
  locationId: string,
  enter: Date,
  leave: Date,
): Promise<{ total: number; free: number }> {
  const spaces = await listSpaces(deps.db, locationId);
  const bookings = await bookingsBySpace(deps, null, locationId, enter, leave);
  return { total: spaces.length, free: spaces.filter((s) => !bookings.get(s.id)?.length).length };
}
