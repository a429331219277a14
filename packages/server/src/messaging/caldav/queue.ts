import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { CaldavSyncQueueRow } from '../../db/schema.js';

/**
 * The calendar sync queue (`caldav_sync_queue`): which bookings' events in which users'
 * CalDAV calendars need bringing up to date. Rows are written in the transaction of the booking
 * change and claimed by any server process; a claim is a lease another process takes over only
 * once it ran out (a process that died while syncing). Rows of one user and booking collapse
 * into one: the sync writes the booking as it is then, whatever happened in between.
 */

/** Users with a calendar connection (the calendar path is the last of the four preferences set). */
const hasCalendar = (userId: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM user_preferences p WHERE p.user_id = ${userId} AND p.name = 'caldav_path' AND p.value <> '')`;

/** Queues a booking's event for a user's calendar, if the user has one connected. */
export async function queueCalendarSync(db: Db, userId: string, bookingId: string): Promise<void> {
  await sql`
    INSERT INTO caldav_sync_queue (user_id, booking_id)
    SELECT ${userId}, ${bookingId} WHERE ${hasCalendar(userId)}
    ON CONFLICT (user_id, booking_id) DO UPDATE SET
      version = caldav_sync_queue.version + 1, due_at = now(), attempts = 0, queued_at = now(), last_error = ''`.execute(
    db,
  );
}

/** Queues every approved booking of a user that has not ended (after connecting a calendar). */
export async function queueUpcomingBookings(db: Db, userId: string): Promise<void> {
  await sql`
    INSERT INTO caldav_sync_queue (user_id, booking_id)
    SELECT b.user_id, b.id FROM bookings b
    WHERE b.user_id = ${userId} AND b.approved AND b.leave_at > now() AND ${hasCalendar(userId)}
    ON CONFLICT (user_id, booking_id) DO UPDATE SET
      version = caldav_sync_queue.version + 1, due_at = now(), attempts = 0, queued_at = now(), last_error = ''`.execute(
    db,
  );
}

/** Claims up to `limit` due rows for this process (rows another process holds are skipped). */
export async function claimDueSyncs(db: Db, limit: number, leaseSeconds: number): Promise<CaldavSyncQueueRow[]> {
  const { rows } = await sql<CaldavSyncQueueRow>`
    UPDATE caldav_sync_queue SET attempts = attempts + 1, locked_until = now() + make_interval(secs => ${leaseSeconds})
    WHERE (user_id, booking_id) IN (
      SELECT user_id, booking_id FROM caldav_sync_queue
      WHERE due_at <= now() AND (locked_until IS NULL OR locked_until < now())
      ORDER BY due_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING *`.execute(db);
  return rows;
}

const sameRow = (row: CaldavSyncQueueRow) => sql<boolean>`user_id = ${row.user_id} AND booking_id = ${row.booking_id}`;

/**
 * Done with a claimed row: it goes, unless the booking changed again meanwhile (its version
 * moved on), in which case it is released for another round at once.
 */
export async function completeSync(db: Db, row: CaldavSyncQueueRow): Promise<void> {
  const deleted = await db
    .deleteFrom('caldav_sync_queue')
    .where(sameRow(row))
    .where('version', '=', row.version)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0)
    await db.updateTable('caldav_sync_queue').set({ locked_until: null }).where(sameRow(row)).execute();
}

/** A failed attempt: tried again at `retryAt`, or given up (null); a newer change is tried at once. */
export async function failSync(db: Db, row: CaldavSyncQueueRow, error: string, retryAt: Date | null): Promise<void> {
  if (retryAt === null) {
    const deleted = await db
      .deleteFrom('caldav_sync_queue')
      .where(sameRow(row))
      .where('version', '=', row.version)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) > 0) return;
  }
  await db
    .updateTable('caldav_sync_queue')
    .set({
      locked_until: null,
      last_error: error,
      due_at: sql<Date>`CASE WHEN version = ${row.version} THEN ${retryAt ?? new Date()}::timestamptz ELSE now() END`,
    })
    .where(sameRow(row))
    .execute();
}

/** Records the outcome of a sync for the user's status. */
export async function recordSyncOutcome(db: Db, userId: string, error: string | null): Promise<void> {
  const values =
    error === null
      ? { last_sync_at: sql<Date>`now()`, last_error: '', last_error_at: null }
      : { last_error: error, last_error_at: sql<Date>`now()` };
  await db
    .insertInto('caldav_status')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** Forgets a user's sync: waiting rows and status (after disconnecting or connecting anew). */
export async function clearSyncState(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('caldav_sync_queue').where('user_id', '=', userId).execute();
  await db.deleteFrom('caldav_status').where('user_id', '=', userId).execute();
}

export async function syncStatus(
  db: Db,
  userId: string,
): Promise<{ lastSyncAt: Date | null; lastError: string; lastErrorAt: Date | null; pending: number }> {
  const status = await db.selectFrom('caldav_status').selectAll().where('user_id', '=', userId).executeTakeFirst();
  const { pending } = await db
    .selectFrom('caldav_sync_queue')
    .select((eb) => eb.fn.countAll<string>().as('pending'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    lastSyncAt: status?.last_sync_at ?? null,
    lastError: status?.last_error ?? '',
    lastErrorAt: status?.last_error_at ?? null,
    pending: Number(pending),
  };
}
