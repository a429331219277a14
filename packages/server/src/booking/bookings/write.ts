import { ErrorCode } from '@perch/contract';
import { sql, type Insertable } from 'kysely';
import type { AppDeps, AuthContext, BookingChange, EndedEarlyWhy, RemovalReason } from '../../context.js';
import type { BookingRow, BookingsTable } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { conflict } from '../../http/errors.js';

/**
 * The one module that writes bookings. Every insert, change and removal of a booking goes
 * through here, inside a transaction, and is announced to the booking hooks in that same
 * transaction: whatever a hook records (an outbox mail, a calendar job, a webhook) commits
 * or rolls back with the booking itself.
 */

export type { BookingChange, BookingHook, RemovalReason } from '../../context.js';

export type NewBooking = Omit<
  Insertable<BookingsTable>,
  'id' | 'created_at' | 'caldav_id' | 'last_info_mail_sent_at' | 'reminder_sent_at' | 'calendar_sequence'
>;

export type BookingUpdate = Pick<
  BookingRow,
  'space_id' | 'location_id' | 'user_id' | 'enter_at' | 'leave_at' | 'subject'
>;

export const slotTaken = () =>
  conflict('There is already another booking in the selected date range', ErrorCode.BookingSlotConflict);

/** True for the exclusion-constraint violation: another booking holds the slot. */
function isSlotConflict(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23P01';
}

export async function announce(
  tx: AppDeps,
  actor: AuthContext | null,
  changes: readonly BookingChange[],
): Promise<void> {
  for (const change of changes) for (const hook of tx.bookingHooks) await hook(tx, change, actor);
}

const insertRow = (tx: AppDeps, values: NewBooking): Promise<BookingRow> =>
  tx.db
    .insertInto('bookings')
    .values({ ...values, last_info_mail_sent_at: null, reminder_sent_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();

/** Stores a booking; a taken slot is 409 + 1001 (the database refuses overlaps). */
export async function insertBooking(deps: AppDeps, actor: AuthContext | null, values: NewBooking): Promise<BookingRow> {
  return inTransaction(deps, async (tx) => {
    let booking: BookingRow;
    try {
      booking = await insertRow(tx, values);
    } catch (e) {
      if (isSlotConflict(e)) throw slotTaken();
      throw e;
    }
    await announce(tx, actor, [{ kind: 'created', booking }]);
    return booking;
  });
}

/**
 * Stores one occurrence of a series. A taken slot skips only this occurrence (a savepoint
 * keeps the rest of the series) and gives null. Must run inside the series' transaction.
 */
export async function insertOccurrence(
  tx: AppDeps,
  actor: AuthContext | null,
  values: NewBooking,
): Promise<BookingRow | null> {
  await sql`SAVEPOINT occurrence`.execute(tx.db);
  let booking: BookingRow;
  try {
    booking = await insertRow(tx, values);
    await sql`RELEASE SAVEPOINT occurrence`.execute(tx.db);
  } catch (e) {
    if (!isSlotConflict(e)) throw e;
    await sql`ROLLBACK TO SAVEPOINT occurrence`.execute(tx.db);
    return null;
  }
  await announce(tx, actor, [{ kind: 'created', booking }]);
  return booking;
}

/**
 * Changes a booking's space, person, times and subject; approval is kept, the reminders (a day
 * ahead, check-in) are due again and calendars get a newer copy of the event (its sequence goes up).
 */
export async function updateBooking(
  deps: AppDeps,
  actor: AuthContext | null,
  before: BookingRow,
  changes: BookingUpdate,
): Promise<BookingRow> {
  return inTransaction(deps, async (tx) => {
    let booking: BookingRow;
    try {
      booking = await tx.db
        .updateTable('bookings')
        .set({
          ...changes,
          reminder_sent_at: null,
          checkin_reminded_at: null,
          checkin_last_call_at: null,
          calendar_sequence: sql<number>`calendar_sequence + 1`,
        })
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (e) {
      if (isSlotConflict(e)) throw slotTaken();
      throw e;
    }
    await announce(tx, actor, [{ kind: 'updated', before, booking }]);
    return booking;
  });
}

/** Confirms a booking that waited for approval. */
export async function approveBooking(deps: AppDeps, actor: AuthContext | null, id: string): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const booking = await tx.db
      .updateTable('bookings')
      .set({ approved: true })
      .where('id', '=', id)
      .where('approved', '=', false)
      .returningAll()
      .executeTakeFirst();
    if (booking) await announce(tx, actor, [{ kind: 'approved', booking }]);
  });
}

/**
 * Removes bookings; a series that loses its last occurrence goes too. Returns what was removed.
 * A `note` (why, in the canceller's words) travels with each removal to the hooks.
 */
export async function removeBookings(
  deps: AppDeps,
  actor: AuthContext | null,
  ids: readonly string[],
  reason: RemovalReason,
  note?: string,
): Promise<BookingRow[]> {
  if (ids.length === 0) return [];
  return inTransaction(deps, async (tx) => {
    const removed = await tx.db
      .deleteFrom('bookings')
      .where('id', 'in', [...ids])
      .returningAll()
      .execute();
    const series = [...new Set(removed.map((b) => b.recurring_id).filter((r): r is string => r !== null))];
    if (series.length)
      await tx.db
        .deleteFrom('recurring_bookings')
        .where('id', 'in', series)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(selectFrom('bookings').select('id').whereRef('bookings.recurring_id', '=', 'recurring_bookings.id')),
          ),
        )
        .execute();
    await announce(
      tx,
      actor,
      removed.map((booking) => ({ kind: 'removed', booking, reason, ...(note ? { note } : {}) })),
    );
    return removed;
  });
}

/**
 * Ends a series: occurrences that have not started are removed, earlier ones stay as single
 * bookings, and the series itself goes.
 */
export async function endSeries(deps: AppDeps, actor: AuthContext | null, seriesId: string): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const future = await tx.db
      .selectFrom('bookings')
      .select('id')
      .where('recurring_id', '=', seriesId)
      .where('enter_at', '>', new Date())
      .execute();
    const removed = await removeBookings(
      tx,
      actor,
      future.map((f) => f.id),
      'series-ended',
    );
    await tx.db.updateTable('bookings').set({ recurring_id: null }).where('recurring_id', '=', seriesId).execute();
    await tx.db.deleteFrom('recurring_bookings').where('id', '=', seriesId).execute();
    await announce(tx, actor, [{ kind: 'series-ended', seriesId, removed }]);
  });
}

/**
 * Before spaces or a whole area are deleted: their bookings that have not ended are removed
 * here, announced like any removal (calendars and owners hear of it); past ones go with the
 * spaces. Must run in the transaction that deletes them.
 */
export async function removeBookingsOfSpaces(
  tx: AppDeps,
  actor: AuthContext | null,
  where: { spaceIds: readonly string[] } | { locationId: string },
): Promise<void> {
  let query = tx.db.selectFrom('bookings').select('id').where('leave_at', '>', new Date());
  if ('locationId' in where) query = query.where('location_id', '=', where.locationId);
  else if (where.spaceIds.length) query = query.where('space_id', 'in', [...where.spaceIds]);
  else return;
  const ids = (await query.execute()).map((r) => r.id);
  await removeBookings(tx, actor, ids, 'space-removed');
}

/**
 * Hands every booking and series of one account to another (an account merged into another), in
 * the caller's transaction. Each moved booking is announced as reassigned, so the calendar hook
 * writes the upcoming ones to the new owner's calendar; the mail hook stays silent (it is the same
 * person).
 */
export async function reassignBookings(
  tx: AppDeps,
  actor: AuthContext | null,
  fromUserId: string,
  toUserId: string,
): Promise<void> {
  const moved = await tx.db
    .updateTable('bookings')
    .set({ user_id: toUserId })
    .where('user_id', '=', fromUserId)
    .returningAll()
    .execute();
  await tx.db.updateTable('recurring_bookings').set({ user_id: toUserId }).where('user_id', '=', fromUserId).execute();
  await announce(
    tx,
    actor,
    moved.map((booking) => ({ kind: 'reassigned', before: { ...booking, user_id: fromUserId }, booking })),
  );
}

/**
 * Records that the booking's person is there, at `at`. The first check-in counts; a released
 * booking cannot be checked in. Answers the booking as it is now, or undefined when it is gone.
 */
export async function checkInBooking(
  deps: AppDeps,
  actor: AuthContext | null,
  id: string,
  at: Date,
): Promise<BookingRow | undefined> {
  return inTransaction(deps, async (tx) => {
    const booking = await tx.db
      .updateTable('bookings')
      .set({ checked_in_at: at })
      .where('id', '=', id)
      .where('checked_in_at', 'is', null)
      .where('released_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (booking) {
      await announce(tx, actor, [{ kind: 'checked-in', booking }]);
      return booking;
    }
    return tx.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
  });
}

/**
 * Ends a booking that has started at `at` (a check-out, or a release): the rest of its slot is
 * free at once, the end as booked is kept. A release is stamped `releasedAt` (default `at`).
 * Must run in the caller's transaction, with the booking as it was read there. Answers the
 * booking as it is now.
 */
export async function endBookingEarly(
  tx: AppDeps,
  actor: AuthContext | null,
  before: BookingRow,
  at: Date,
  why: EndedEarlyWhy,
  releasedAt: Date = at,
): Promise<BookingRow> {
  const booking = await tx.db
    .updateTable('bookings')
    .set({
      leave_at: at,
      booked_leave_at: before.booked_leave_at ?? before.leave_at,
      ...(why !== 'checked-out' ? { released_at: releasedAt, release_reason: why } : {}),
      calendar_sequence: sql<number>`calendar_sequence + 1`,
    })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await announce(tx, actor, [{ kind: 'ended-early', before, booking, why }]);
  return booking;
}
