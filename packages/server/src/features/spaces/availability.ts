import {
  isSpaceAdmin,
  type AvailabilityBooking,
  type SearchAttribute,
  type Space,
  type SpaceAvailability,
} from '@perch/contract';
import type { DateTime } from 'luxon';
import type { AppDeps, AuthContext } from '../../context.js';
import type { LocationRow } from '../../db/schema.js';
import { toClientTime, weekdaysCovered } from '../../lib/time.js';
import { groupIdsOfUser } from '../groups/repo.js';
import { matchesAll } from '../locations/attribute-filter.js';
import { readSetting } from '../settings/repo.js';
import { areaSnapshot } from './area-snapshot.js';
import { listSpaces } from './repo.js';

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

const NOBODY = '00000000-0000-0000-0000-000000000000';

/** Bookings of an area overlapping a window, with the booker and whether they are the caller's buddy. */
const AREA_BOOKINGS_SQL = `
  SELECT b.id, b.space_id, coalesce(b.recurring_id::text, '') AS recurring_id, b.user_id,
    u.email, u.firstname, u.lastname, b.subject, b.approved,
    (extract(epoch FROM b.enter_at) * 1000)::float8 AS enter_ms,
    (extract(epoch FROM b.leave_at) * 1000)::float8 AS leave_ms,
    EXISTS (SELECT 1 FROM buddies bd WHERE bd.owner_id = $4 AND bd.buddy_id = b.user_id) AS is_buddy
  FROM bookings b JOIN users u ON u.id = b.user_id
  WHERE b.location_id = $1 AND tstzrange(b.enter_at, b.leave_at, '[)') && tstzrange($2, $3, '[)')
  ORDER BY b.enter_at`;

interface AreaBookingRow {
  id: string;
  space_id: string;
  recurring_id: string;
  user_id: string;
  email: string;
  firstname: string;
  lastname: string;
  subject: string;
  approved: boolean;
  enter_ms: number;
  leave_ms: number;
  is_buddy: boolean;
}

/**
 * Bookings of the area's spaces that overlap a window (half-open), per space, by start. Other
 * people's names show only to space admins or when `show_names` is on; buddies are marked.
 */
async function bookingsBySpace(
  deps: AppDeps,
  auth: AuthContext | null,
  locationId: string,
  window: { enter: Date; leave: Date; zone: string },
): Promise<Map<string, AvailabilityBooking[]>> {
  // A zero-length window still shows the bookings covering its instant.
  const to = window.leave > window.enter ? window.leave : new Date(window.enter.getTime() + 1);
  const rows = await deps.prepared<AreaBookingRow>('area-bookings', AREA_BOOKINGS_SQL, [
    locationId,
    window.enter,
    to,
    auth?.userId ?? NOBODY,
  ]);
  const out = new Map<string, AvailabilityBooking[]>();
  if (rows.length === 0) return out;
  const showNames =
    auth !== null && (isSpaceAdmin(auth.role) || (await readSetting(deps.db, auth.orgId, 'show_names')) === '1');
  for (const b of rows) {
    const visible = showNames || b.user_id === auth?.userId;
    const item: AvailabilityBooking = {
      id: b.id,
      recurringId: b.recurring_id,
      userId: visible ? b.user_id : '',
      userEmail: visible ? b.email : '',
      userFirstname: visible ? b.firstname : '',
      userLastname: visible ? b.lastname : '',
      enter: toClientTime(new Date(b.enter_ms), window.zone),
      leave: toClientTime(new Date(b.leave_ms), window.zone),
      subject: visible ? b.subject : '',
      approved: b.approved,
      isBuddy: b.is_buddy,
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
): Promise<AvailabilityEntry[]> {
  const [snapshot, userGroups, bookingMap] = await Promise.all([
    areaSnapshot(deps, location),
    groupIdsOfUser(deps.db, auth.userId),
    bookingsBySpace(deps, auth, location.id, {
      enter: window.enter.toJSDate(),
      leave: window.leave.toJSDate(),
      zone: window.zone,
    }),
  ]);
  const inGroup = (groups: readonly string[]) => groups.length === 0 || groups.some((g) => userGroups.has(g));
  const locationAllowed =
    inGroup(snapshot.locationAllowedGroups) && weekdaysAllowed(location, window.enter, window.leave, window.zone);
  const out: AvailabilityEntry[] = [];
  for (const space of snapshot.spaces) {
    if (onlySpaceId && space.id !== onlySpaceId) continue;
    if (criteria.length && !matchesAll(new Map(space.attributes.map((a) => [a.attributeId, a.value])), criteria))
      continue;
    const bookings = bookingMap.get(space.id) ?? [];
    out.push({
      space,
      available: bookings.length === 0,
      allowed: locationAllowed && inGroup(space.allowedBookerGroupIds),
      approvalRequired: space.approverGroupIds.length > 0,
      bookings,
    });
  }
  return out;
}

/** One space of an availability answer: the (shared, unchanging) space and what depends on the request. */
export interface AvailabilityEntry {
  space: Space;
  available: boolean;
  allowed: boolean;
  approvalRequired: boolean;
  bookings: AvailabilityBooking[];
}

export function toAvailability(e: AvailabilityEntry): SpaceAvailability {
  return {
    ...e.space,
    kioskEnabled: false,
    available: e.available,
    allowed: e.allowed,
    approvalRequired: e.approvalRequired,
    bookings: e.bookings,
  };
}

/** The serialised space without its closing brace, kept as long as the area snapshot keeps the space. */
const spaceJson = new WeakMap<Space, string>();

/**
 * The availability answer as JSON. The spaces of an area rarely change, so their part of the
 * text is kept with the area snapshot; only the request's flags and bookings are serialised.
 */
export function availabilityJson(entries: readonly AvailabilityEntry[]): string {
  const parts = entries.map((e) => {
    let head = spaceJson.get(e.space);
    if (head === undefined) {
      head = JSON.stringify({ ...e.space, kioskEnabled: false }).slice(0, -1);
      spaceJson.set(e.space, head);
    }
    return `${head},"available":${e.available},"allowed":${e.allowed},"approvalRequired":${e.approvalRequired},"bookings":${JSON.stringify(e.bookings)}}`;
  });
  return `[${parts.join(',')}]`;
}

/** How many spaces an area has and how many of them are free in a window. */
export async function freeSpaceCounts(
  deps: AppDeps,
  locationId: string,
  enter: Date,
  leave: Date,
): Promise<{ total: number; free: number }> {
  const spaces = await listSpaces(deps.db, locationId);
  const bookings = await bookingsBySpace(deps, null, locationId, { enter, leave, zone: 'UTC' });
  return { total: spaces.length, free: spaces.filter((s) => !bookings.get(s.id)?.length).length };
}
