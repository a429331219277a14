import type { CaldavConnect, CaldavDisconnectResult, CaldavStatus } from '@perch/contract';
import type { AppDeps, AuthContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, notFound } from '../../http/errors.js';
import { savePreferences } from '../preferences/service.js';
import { CaldavError, deleteEvent, listCalendars, type CaldavAccount, type CaldavCalendar } from './client.js';
import { CALDAV_PREFERENCES, readCaldavPreferences, readConnection } from './connection.js';
import { clearSyncState, syncStatus } from './queue.js';

/** SPEC §8's message, followed by what went wrong. */
const connectionError = (err: unknown) =>
  `CalDAV connection error (check URL and credentials): ${err instanceof CaldavError ? err.message : String(err)}`;

/** Events removed side by side when disconnecting. */
const REMOVAL_CONCURRENCY = 4;

const samePath = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** `POST /preference/caldav/listCalendars`: any failure is 404, as the reference answers. */
export async function findCalendars(account: CaldavAccount): Promise<CaldavCalendar[]> {
  try {
    const calendars = await listCalendars(account);
    if (calendars.length === 0) throw new CaldavError('The account has no calendars');
    return calendars;
  } catch (err) {
    throw notFound(connectionError(err));
  }
}

export async function caldavStatus(deps: AppDeps, auth: AuthContext): Promise<CaldavStatus> {
  const prefs = await readCaldavPreferences(deps, auth.userId);
  const connected = (await readConnection(deps, auth.userId)) !== null;
  const status = await syncStatus(deps.db, auth.userId);
  const errorIsCurrent =
    status.lastError !== '' &&
    status.lastErrorAt !== null &&
    (status.lastSyncAt === null || status.lastErrorAt > status.lastSyncAt);
  return {
    connected,
    url: prefs.url,
    username: prefs.username,
    path: prefs.path,
    lastSyncAt: status.lastSyncAt?.toISOString() ?? null,
    lastError: errorIsCurrent ? status.lastError : '',
    lastErrorAt: errorIsCurrent ? (status.lastErrorAt?.toISOString() ?? null) : null,
    pending: connected ? status.pending : 0,
  };
}

/**
 * Connects a calendar: signs in, checks the calendar is the account's, then stores the four
 * preferences (which queues the user's upcoming bookings for it). Nothing is stored on failure.
 */
export async function connectCaldav(deps: AppDeps, auth: AuthContext, body: CaldavConnect): Promise<void> {
  let password = body.password ?? '';
  if (!password) {
    const stored = await readCaldavPreferences(deps, auth.userId);
    if (!stored.password || stored.url !== body.url || stored.username !== body.username)
      throw badRequest('Enter the password of the calendar account');
    password = stored.password;
  }
  let calendars: CaldavCalendar[];
  try {
    calendars = await listCalendars({ url: body.url, username: body.username, password });
  } catch (err) {
    throw badRequest(connectionError(err));
  }
  const calendar = calendars.find((c) => samePath(c.path, body.path));
  if (!calendar) throw badRequest(connectionError(new CaldavError('The account has no such calendar')));
  await savePreferences(deps, auth, [
    { name: 'caldav_url', value: body.url },
    { name: 'caldav_user', value: body.username },
    { name: 'caldav_pass', value: password },
    { name: 'caldav_path', value: calendar.path },
  ]);
}

/** Signs in with the stored connection and looks for its calendar. */
export async function testCaldav(deps: AppDeps, auth: AuthContext): Promise<void> {
  const connection = await readConnection(deps, auth.userId);
  if (!connection) throw notFound('No calendar is connected');
  let calendars: CaldavCalendar[];
  try {
    calendars = await listCalendars(connection);
  } catch (err) {
    throw badRequest(connectionError(err));
  }
  if (!calendars.some((c) => samePath(c.path, connection.path)))
    throw badRequest(connectionError(new CaldavError('The calendar is no longer on the server')));
}

/**
 * Disconnects: the four preferences and the sync state go. With `removeEvents`, the events
 * Perch wrote to the calendar are removed first (those that cannot be are counted).
 */
export async function disconnectCaldav(
  deps: AppDeps,
  auth: AuthContext,
  removeEvents: boolean,
): Promise<CaldavDisconnectResult> {
  const result = { removed: 0, failed: 0 };
  const connection = removeEvents ? await readConnection(deps, auth.userId) : null;
  if (connection) {
    const written = await deps.db
      .selectFrom('bookings')
      .select('id')
      .where('user_id', '=', auth.userId)
      .where('caldav_id', '<>', '')
      .execute();
    const queue = written.map((b) => b.id);
    const removedIds: string[] = [];
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        try {
          await deleteEvent(connection, connection.path, id);
          removedIds.push(id);
        } catch {
          result.failed++;
        }
      }
    };
    await Promise.all(Array.from({ length: REMOVAL_CONCURRENCY }, worker));
    result.removed = removedIds.length;
    if (removedIds.length)
      await deps.db.updateTable('bookings').set({ caldav_id: '' }).where('id', 'in', removedIds).execute();
  }
  await inTransaction(deps, async (tx) => {
    await tx.db
      .deleteFrom('user_preferences')
      .where('user_id', '=', auth.userId)
      .where('name', 'in', [...CALDAV_PREFERENCES])
      .execute();
    if (!removeEvents)
      await tx.db
        .updateTable('bookings')
        .set({ caldav_id: '' })
        .where('user_id', '=', auth.userId)
        .where('caldav_id', '<>', '')
        .execute();
    await clearSyncState(tx.db, auth.userId);
  });
  return result;
}
