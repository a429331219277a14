import { isSpaceAdmin, Role, type AvailabilityBooking, type SearchAttribute } from '@perch/contract';
import { DateTime } from 'luxon';
import type { AppDeps, AuthContext } from '../../context.js';
import { badRequest, notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { fromClientTime, toClientTime } from '../../lib/time.js';
import { allowedBooker, bookableWeekdays } from '../../booking/bookings/index.js';
import { groupIdsOfUser } from '../groups/index.js';
import { locationFor, locationZone, matchesAll, parseAttributeQuery } from '../locations/index.js';
import { settingEnabled } from '../settings/index.js';
import { areaSnapshot } from './area-snapshot.js';
import type { AvailabilityEntry } from './presenter.js';
import { areaBookings, findSpace } from './repo.js';

export type { AvailabilityEntry };

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
  const rows = await areaBookings(deps.prepared, locationId, window.enter, to, auth?.userId ?? null);
  const out = new Map<string, AvailabilityBooking[]>();
  if (rows.length === 0) return out;
  const showNames =
    auth !== null && (isSpaceAdmin(auth.role) || (await settingEnabled(deps.db, auth.orgId, 'show_names')));
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
      checkedIn: b.checked_in,
    };
    const list = out.get(b.space_id);
    if (list) list.push(item);
    else out.set(b.space_id, [item]);
  }
  return out;
}

export interface AvailabilityRequest {
  locationId: string;
  /** One space of the area only. */
  spaceId?: string;
  /** The window as the area's wall clock; both or neither (then: now). */
  enter?: string | undefined;
  leave?: string | undefined;
  /** Attribute criteria as JSON (malformed JSON: no filter). */
  attributes?: string | undefined;
}

/**
 * Every space of an area (or one space) with what the caller needs to book it in a window:
 * whether it is free, whether the caller may book it (the booking rules for allowed groups
 * and weekdays), whether it needs approval, and its bookings in the window.
 */
export async function spaceAvailability(
  deps: AppDeps,
  auth: AuthContext,
  q: AvailabilityRequest,
): Promise<AvailabilityEntry[]> {
  const location = await locationFor(deps, auth, q.locationId, Role.User);
  let onlySpaceId: string | undefined;
  if (q.spaceId !== undefined) {
    const space = await findSpace(deps.db, location.id, pathId(q.spaceId, 'Unknown space'));
    if (!space) throw notFound('Unknown space');
    onlySpaceId = space.id;
  }
  const zone = await locationZone(deps, location);
  if ((q.enter === undefined) !== (q.leave === undefined)) throw badRequest('Give both enter and leave, or neither');
  let enter = q.enter ? fromClientTime(q.enter, zone) : DateTime.now().setZone(zone).minus({ minutes: 1 });
  let leave = q.leave ? fromClientTime(q.leave, zone) : DateTime.now().setZone(zone).plus({ minutes: 1 });
  if (!enter || !leave) throw badRequest('enter and leave must be RFC 3339 times');
  if (leave < enter) [enter, leave] = [leave, enter];
  const criteria: SearchAttribute[] = parseAttributeQuery(q.attributes);

  const [snapshot, userGroups, bookingMap] = await Promise.all([
    areaSnapshot(deps, location),
    groupIdsOfUser(deps.db, auth.userId),
    bookingsBySpace(deps, auth, location.id, { enter: enter.toJSDate(), leave: leave.toJSDate(), zone }),
  ]);
  const weekdayOk = bookableWeekdays({ enter, leave, zone }, location.bookable_days.map(Number)) === null;
  const out: AvailabilityEntry[] = [];
  for (const space of snapshot.spaces) {
    if (onlySpaceId && space.id !== onlySpaceId) continue;
    if (criteria.length && !matchesAll(new Map(space.attributes.map((a) => [a.attributeId, a.value])), criteria))
      continue;
    const bookings = bookingMap.get(space.id) ?? [];
    out.push({
      space,
      available: bookings.length === 0,
      allowed:
        weekdayOk && allowedBooker(space.allowedBookerGroupIds, snapshot.locationAllowedGroups, userGroups) === null,
      approvalRequired: space.approverGroupIds.length > 0,
      bookings,
    });
  }
  return out;
}
