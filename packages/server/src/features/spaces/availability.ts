import type { AvailabilityBooking, SearchAttribute, SpaceAvailability } from '@perch/contract';
import type { DateTime } from 'luxon';
import type { AppDeps, AuthContext } from '../../app-context.js';
import type { LocationRow } from '../../db/schema.js';
import { weekdaysCovered } from '../../lib/time.js';
import { groupIdsOfUser } from '../groups/repo.js';
import { matchesAll } from '../locations/attribute-filter.js';
import { allowedBookersOf } from '../locations/repo.js';
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

/** Bookings of the area's spaces that overlap a window, per space (none are stored yet). */
async function bookingsBySpace(
  _deps: AppDeps,
  _locationId: string,
  _enter: Date,
  _leave: Date,
): Promise<Map<string, AvailabilityBooking[]>> {
  return new Map();
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
    bookingsBySpace(deps, location.id, window.enter.toJSDate(), window.leave.toJSDate()),
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
  const bookings = await bookingsBySpace(deps, locationId, enter, leave);
  return { total: spaces.length, free: spaces.filter((s) => !bookings.get(s.id)?.length).length };
}
