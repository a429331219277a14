import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../context.js';
import type { CaldavSyncQueueRow } from '../../db/schema.js';
import { nextAttemptAt } from '../../lib/background-queue.js';
import { calendarFile, loadBookingEvents } from '../calendar/index.js';
import { CaldavError, deleteEvent, putEvent } from './client.js';
import { caldavFetch, readConnection } from './connection.js';
import { claimDueSyncs, completeSync, failSync, recordSyncOutcome } from './queue.js';

/**
 * The calendar sync, outside every request: each server process claims due
 * rows of the queue, writes the booking's event to the owner's calendar when the booking
 * exists, is theirs and is approved, and removes it otherwise, then records the outcome. A
 * calendar that fails is tried again with growing pauses for CALDAV_RETRY_HOURS; the user
 * sees the last error in their preferences. No database transaction is held while waiting on
 * a calendar server.
 */

/** Rows claimed per round, synced side by side. */
const BATCH = 8;
/** How long a claim lasts: well above the request time-outs of the client. */
const LEASE_SECONDS = 120;

/** Brings one booking's event in one calendar up to date; throws a CaldavError on failure. */
async function syncOne(deps: AppDeps, row: CaldavSyncQueueRow): Promise<'written' | 'removed' | 'disconnected'> {
  const connection = await readConnection(deps, row.user_id);
  if (!connection) return 'disconnected';
  const [event] = await loadBookingEvents(deps.db, [row.booking_id]);
  const fetch = caldavFetch(deps, row.user_id, { slots: BATCH });
  if (event && event.userId === row.user_id && event.approved) {
    await putEvent(fetch, connection, connection.path, event.id, calendarFile([event]));
    await deps.db
      .updateTable('bookings')
      .set({ caldav_id: event.id })
      .where('id', '=', event.id)
      .where('caldav_id', '<>', event.id)
      .execute();
    return 'written';
  }
  await deleteEvent(fetch, connection, connection.path, row.booking_id);
  await deps.db
    .updateTable('bookings')
    .set({ caldav_id: '' })
    .where('id', '=', row.booking_id)
    .where('user_id', '=', row.user_id)
    .where('caldav_id', '<>', '')
    .execute();
  return 'removed';
}

async function work(deps: AppDeps, row: CaldavSyncQueueRow, log?: FastifyBaseLogger): Promise<void> {
  try {
    const outcome = await syncOne(deps, row);
    await completeSync(deps.db, row);
    if (outcome !== 'disconnected') await recordSyncOutcome(deps.db, row.user_id, null);
  } catch (err) {
    const message =
      err instanceof CaldavError ? err.message : `Calendar sync failed: ${(err as Error).message ?? String(err)}`;
    const retryAt = nextAttemptAt(row.queued_at, row.attempts, deps.config.CALDAV_RETRY_HOURS);
    log?.warn({ user: row.user_id, booking: row.booking_id, err: message, retryAt }, 'calendar event not synced');
    await failSync(deps.db, row, message, retryAt);
    await recordSyncOutcome(deps.db, row.user_id, message);
  }
}

/** Claims and syncs due rows until none is left; returns how many rows were worked on. */
export async function syncDueEvents(deps: AppDeps, log?: FastifyBaseLogger): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await claimDueSyncs(deps.db, BATCH, LEASE_SECONDS);
    if (batch.length === 0) return done;
    await Promise.all(batch.map((row) => work(deps, row, log)));
    done += batch.length;
  }
}
