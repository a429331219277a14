import { ErrorCode } from '@perch/contract';
import { sql } from 'kysely';
import type { DateTime } from 'luxon';
import type { Db } from '../../db/connection.js';
import { conflict, HttpError } from '../../http/errors.js';
import type { SpaceFacts } from './facts.js';
import { areaIntervals, loadPersonFacts } from './facts.js';
import { firstViolation, type BookingSettings, type RuleViolation } from './rules/index.js';

export interface BookingCheck {
  mode: 'create' | 'update' | 'precheck';
  space: SpaceFacts;
  personId: string;
  enter: DateTime;
  leave: DateTime;
  subject: string;
  settings: BookingSettings;
  exempt: boolean;
  now: DateTime;
  /** The booking being changed (update) — left out of every count. */
  excludeBookingId: string | null;
  /** Earlier occurrences of a series being prechecked, counted as upcoming. */
  upcomingMarkup?: number;
}

/**
 * Serialises bookings that could break a count-based rule together: those of one person
 * (their limits) and, when the area has a capacity, those of one area. Locks are taken in
 * the same order everywhere and released at the end of the transaction.
 */
export async function lockForBooking(trx: Db, personId: string, space: SpaceFacts): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${'booking-user:' + personId}))`.execute(trx);
  if (space.capacity > 0)
    await sql`SELECT pg_advisory_xact_lock(hashtext(${'booking-area:' + space.locationId}))`.execute(trx);
}

/** Loads the facts and runs the rules; returns the first violation or null. */
export async function violationFor(trx: Db, c: BookingCheck): Promise<RuleViolation | null> {
  const person = await loadPersonFacts(trx, c.personId, c.enter, c.leave, c.now, c.excludeBookingId);
  const areaBookings =
    c.space.capacity > 0 ? await areaIntervals(trx, c.space.locationId, c.enter, c.leave, c.excludeBookingId) : [];
  return firstViolation({
    mode: c.mode,
    window: { enter: c.enter, leave: c.leave, zone: c.space.zone },
    now: c.now,
    subject: c.subject,
    settings: c.settings,
    exempt: c.exempt,
    space:
      c.mode === 'precheck'
        ? null
        : { requireSubject: c.space.requireSubject, allowedGroups: c.space.spaceAllowedGroups },
    locationAllowedGroups: c.space.locationAllowedGroups,
    personGroups: person.groups,
    bookableDays: c.space.bookableDays,
    capacity: c.space.capacity,
    areaBookings,
    personOverlapping: person.overlapping,
    personUpcoming: person.upcoming + (c.upcomingMarkup ?? 0),
  });
}

export function ruleError(v: RuleViolation): HttpError {
  return new HttpError(v.status, v.message, v.code as ErrorCode);
}

export const slotTaken = () =>
  conflict('There is already another booking in the selected date range', ErrorCode.BookingSlotConflict);

/** True for the exclusion-constraint violation: another booking holds the slot. */
export function isSlotConflict(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23P01';
}

/** Whether another booking of the space overlaps the window (half-open). */
export async function slotIsTaken(
  trx: Db,
  spaceId: string,
  enter: DateTime,
  leave: DateTime,
  exclude: string | null,
): Promise<boolean> {
  const row = await trx
    .selectFrom('bookings')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('id', '<>', exclude ?? '00000000-0000-0000-0000-000000000000')
    .where(
      sql<boolean>`tstzrange(enter_at, leave_at, '[)') && tstzrange(${enter.toJSDate()}, ${leave.toJSDate()}, '[)')`,
    )
    .executeTakeFirst();
  return row !== undefined;
}
