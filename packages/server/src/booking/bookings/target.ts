import { ErrorCode, isEmail, Role } from '@perch/contract';
import type { DateTime } from 'luxon';
import { requireOrgRole } from '../../access.js';
import type { AppDeps, AuthContext } from '../../context.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import { fromClientTime } from '../../lib/time.js';
import { insertDefaultPreferences } from '../../identity/preferences/index.js';
import { findUserByEmail } from '../../identity/accounts/index.js';
import { loadLocationFacts, loadSpaceFacts, type SpaceFacts } from './facts.js';
import { requireMayBookForOthers } from './policy.js';
import { insertBookedForUser, isActiveDomainOf } from './repo.js';
import type { BookingSettings } from './rules/index.js';

/**
 * What a booking is about, loaded and authorised in one place: the space and its area (zone,
 * capacity, groups, approval), the organisation's settings, the window read in the area's
 * zone, and the person it is for.
 */
export interface BookingTarget {
  space: SpaceFacts;
  settings: BookingSettings;
  enter: DateTime;
  leave: DateTime;
}

function window(space: SpaceFacts, enterText: string, leaveText: string): BookingTarget {
  const enter = fromClientTime(enterText, space.zone);
  const leave = fromClientTime(leaveText, space.zone);
  if (!enter || !leave) throw badRequest('enter and leave must be RFC 3339 times');
  // An empty range overlaps nothing: zero-length bookings would stack on one desk.
  if (leave <= enter)
    throw badRequest('The leave time must be after the enter time', ErrorCode.BookingInvalidBookingDuration);
  return { space, settings: space.settings, enter, leave };
}

/** The space a booking is for; a space of another organisation is 404, an unknown one 400. */
export async function loadBookingTarget(
  deps: AppDeps,
  auth: AuthContext,
  input: { spaceId: string; enter: string; leave: string },
): Promise<BookingTarget> {
  const space = await loadSpaceFacts(deps.prepared, input.spaceId.toLowerCase());
  if (!space) throw badRequest('Unknown space');
  requireOrgRole(auth, space.organizationId, Role.User);
  return window(space, input.enter, input.leave);
}

/** An area before a space is chosen (the precheck): no space rules apply. */
export async function loadAreaTarget(
  deps: AppDeps,
  auth: AuthContext,
  input: { locationId: string; enter: string; leave: string },
): Promise<BookingTarget> {
  if (!isUuid(input.locationId)) throw badRequest('Unknown area');
  const area = await loadLocationFacts(deps.prepared, input.locationId.toLowerCase());
  if (!area) throw badRequest('Unknown area');
  requireOrgRole(auth, area.organizationId, Role.User);
  return window(area, input.enter, input.leave);
}

export interface Person {
  id: string;
  email: string;
}

/**
 * Whom a booking is for. Without `userEmail` (or with the caller's own) it is the caller.
 * Space admins may book for someone else in the organisation; with
 * `allow_booking_nonexist_users` an unknown address on an active domain of the
 * organisation becomes a new user. Run it in the booking's transaction.
 */
export async function resolvePerson(
  tx: AppDeps,
  auth: AuthContext,
  target: BookingTarget,
  userEmail: string | undefined,
): Promise<Person> {
  const orgId = target.space.organizationId;
  const email = userEmail?.trim().toLowerCase();
  if (!email || email === auth.email) return { id: auth.userId, email: auth.email };
  requireMayBookForOthers(auth);
  const existing = await findUserByEmail(tx.db, orgId, email);
  if (existing) return { id: existing.id, email: existing.email };
  if (!target.settings.allowBookingNonexistUsers) throw forbidden('There is no user with this email address');
  if (!isEmail(email)) throw badRequest('Invalid email address');
  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (!(await isActiveDomainOf(tx.db, orgId, domain)))
    throw badRequest('The email address is not on a domain of this organisation');
  const created = await insertBookedForUser(tx.db, orgId, email);
  if (created) {
    await insertDefaultPreferences(tx.db, created.id, false);
    return created;
  }
  // Created concurrently by another request.
  const again = await findUserByEmail(tx.db, orgId, email);
  if (!again) throw badRequest('Could not create the user');
  return { id: again.id, email: again.email };
}
