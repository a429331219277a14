import { sql } from 'kysely';
import type { DateTime } from 'luxon';
import type { Db } from '../../db/connection.js';
import { areaIntervals, loadPersonFacts, type SpaceFacts } from './facts.js';
import { firstViolation, type RuleViolation } from './rules/index.js';
import type { BookingTarget } from './target.js';

/** One rule check: a booking, a change, a precheck, or one occurrence of a series. */
export interface RuleCheck {
  mode: 'create' | 'update' | 'precheck';
  target: BookingTarget;
  /** The window checked: the target's, or an occurrence's. */
  enter: DateTime;
  leave: DateTime;
  /** The person the booking is for (their limits and groups count). */
  personId: string;
  subject: string;
  /** The acting admin is exempt from most limits (see policy.ts). */
  exempt: boolean;
  now: DateTime;
  /** The booking being changed (update) — left out of every count. */
  excludeBookingId: string | null;
  /** Earlier occurrences of a series being prechecked, counted as upcoming. */
  upcomingMarkup?: number;
}

/** Advisory-lock classes, so that keys of different kinds never collide. */
const LOCK_PERSON = 1;
const LOCK_AREA = 2;
const LOCK_SPACE = 3;

/**
 * Serialises the writes that could conflict, before any of them touches a row: those of one
 * person (their limits), those of one area when it has a capacity, and those of each space
 * written to. Without the space lock, two overlapping inserts each wait for the other's
 * exclusion-constraint check (a deadlock PostgreSQL takes a second to detect); with it they
 * queue and the later one is refused at once. Locks are taken in the same order everywhere
 * (person, area, spaces by id) and released at the end of the transaction.
 */
export async function lockForBooking(
  trx: Db,
  personId: string,
  space: SpaceFacts,
  otherSpaceIds: readonly string[] = [],
): Promise<void> {
  const keys: [number, string][] = [[LOCK_PERSON, personId]];
  if (space.capacity > 0) keys.push([LOCK_AREA, space.locationId]);
  for (const id of [...new Set([space.spaceId, ...otherSpaceIds])].sort()) keys.push([LOCK_SPACE, id]);
  // One round trip: PostgreSQL evaluates a select list left to right, so the order above holds
  // (were it ever not to, a deadlock would be detected and the transaction run again).
  const locks = keys.map(([kind, key]) => sql`pg_advisory_xact_lock(${kind}, hashtext(${key}))`);
  await sql`SELECT ${sql.join(locks)}`.execute(trx);
}

/**
 * The booking rules, as every booking write and check runs them: loads what they look at
 * (the person's groups and counts, the area's other bookings) and returns the first
 * violation in the reference's order, or null.
 */
export async function checkRules(db: Db, c: RuleCheck): Promise<RuleViolation | null> {
  const { space, settings } = c.target;
  const person = await loadPersonFacts(db, c.personId, c.enter, c.leave, c.now, c.excludeBookingId);
  const areaBookings =
    space.capacity > 0 ? await areaIntervals(db, space.locationId, c.enter, c.leave, c.excludeBookingId) : [];
  return firstViolation({
    mode: c.mode,
    window: { enter: c.enter, leave: c.leave, zone: space.zone },
    now: c.now,
    subject: c.subject,
    settings,
    exempt: c.exempt,
    space:
      c.mode === 'precheck' ? null : { requireSubject: space.requireSubject, allowedGroups: space.spaceAllowedGroups },
    locationAllowedGroups: space.locationAllowedGroups,
    personGroups: person.groups,
    bookableDays: space.bookableDays,
    capacity: space.capacity,
    areaBookings,
    personOverlapping: person.overlapping,
    personUpcoming: person.upcoming + (c.upcomingMarkup ?? 0),
  });
}
