import {
  SECRET_PREFERENCE_MASK,
  type CaldavConnect,
  type CaldavDisconnectResult,
  type CaldavStatus,
  type Preference,
} from '@perch/contract';
import type { AppDeps, AuthContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, notFound, tooManyRequests, type HttpError } from '../../http/errors.js';
import { CALDAV_PREFERENCES, savePreferences } from '../../identity/preferences/index.js';
import { CaldavError, deleteEvent, listCalendars, type CaldavAccount, type CaldavCalendar } from './client.js';
import { caldavFetch, readCaldavPreferences, readConnection } from './connection.js';
import { clearSyncState, syncStatus } from './queue.js';

/** The product's message for a calendar that cannot be used, followed by what went wrong. */
const connectionError = (err: unknown) =>
  `CalDAV connection error (check URL and credentials): ${err instanceof CaldavError ? err.message : String(err)}`;

/** A failed calendar call as an answer: too many at once is 429, anything else `refuse`. */
function failure(err: unknown, refuse: (message: string) => HttpError): HttpError {
  if (err instanceof CaldavError && err.outbound === 'busy') return tooManyRequests(5, err.message);
  return refuse(connectionError(err));
}

/** Events removed side by side when disconnecting (below the outbound policy's calls per person). */
const REMOVAL_CONCURRENCY = 2;

const samePath = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** `POST /preference/caldav/listCalendars`: any failure is 404, as in Seatsurfing. */
export async function findCalendars(
  deps: AppDeps,
  auth: AuthContext,
  account: CaldavAccount,
): Promise<CaldavCalendar[]> {
  try {
    const calendars = await listCalendars(caldavFetch(deps, auth.userId), account);
    if (calendars.length === 0) throw new CaldavError('The account has no calendars');
    return calendars;
  } catch (err) {
    throw failure(err, notFound);
  }
}

/**
 * Signs in to the calendar server and finds the calendar; returns its path as the server names
 * it. Throws a 400 (429 when the person has too many calendar calls under way).
 */
async function checkedCalendar(deps: AppDeps, auth: AuthContext, account: CaldavAccount, path: string) {
  let calendars: CaldavCalendar[];
  try {
    calendars = await listCalendars(caldavFetch(deps, auth.userId), account);
  } catch (err) {
    throw failure(err, badRequest);
  }
  const calendar = calendars.find((c) => samePath(c.path, path));
  if (!calendar) throw badRequest(connectionError(new CaldavError('The account has no such calendar')));
  return calendar;
}

/** The stored password when the client sent none (or the mask) for the same address and user. */
async function passwordFor(deps: AppDeps, auth: AuthContext, url: string, username: string, sent: string) {
  if (sent && sent !== SECRET_PREFERENCE_MASK) return sent;
  const stored = await readCaldavPreferences(deps, auth.userId);
  if (!stored.password || stored.url !== url || stored.username !== username)
    throw badRequest('Enter the password of the calendar account');
  return stored.password;
}

const isCalendarPreference = (name: string) => (CALDAV_PREFERENCES as readonly string[]).includes(name);

/**
 * `PUT /preference/`: the calendar preferences may be cleared (a disconnect) or saved back as
 * read, like any other; setting them is connecting, so the four come together and are checked
 * against the calendar server exactly as `connectCaldav` checks them (a client that connects by
 * saving preferences, as Seatsurfing's web app does, keeps working). One at a time they are
 * refused (`PUT /preference/{name}`, preferences/service.ts).
 */
export async function savePreferencesChecked(deps: AppDeps, auth: AuthContext, items: Preference[]): Promise<void> {
  const calendar = new Map(items.filter((i) => isCalendarPreference(i.name)).map((i) => [i.name, i.value]));
  const setting = [...calendar].some(
    ([name, v]) => v !== '' && !(name === 'caldav_pass' && v === SECRET_PREFERENCE_MASK),
  );
  if (!setting) return savePreferences(deps, auth, items);
  const [url = '', username = '', sentPassword = '', path = ''] = CALDAV_PREFERENCES.map((n) => calendar.get(n));
  if (!url || !username || !path)
    throw badRequest('Connect a calendar with its address, user name, password and calendar together');
  const password = await passwordFor(deps, auth, url, username, sentPassword);
  const found = await checkedCalendar(deps, auth, { url, username, password }, path);
  const checked = items.map((i) =>
    i.name === 'caldav_pass' ? { ...i, value: password } : i.name === 'caldav_path' ? { ...i, value: found.path } : i,
  );
  await savePreferences(deps, auth, checked, { calendarChecked: true });
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
  const password = await passwordFor(deps, auth, body.url, body.username, body.password ?? '');
  const calendar = await checkedCalendar(deps, auth, { url: body.url, username: body.username, password }, body.path);
  await savePreferences(
    deps,
    auth,
    [
      { name: 'caldav_url', value: body.url },
      { name: 'caldav_user', value: body.username },
      { name: 'caldav_pass', value: password },
      { name: 'caldav_path', value: calendar.path },
    ],
    { calendarChecked: true },
  );
}

/** Signs in with the stored connection and looks for its calendar. */
export async function testCaldav(deps: AppDeps, auth: AuthContext): Promise<void> {
  const connection = await readConnection(deps, auth.userId);
  if (!connection) throw notFound('No calendar is connected');
  let calendars: CaldavCalendar[];
  try {
    calendars = await listCalendars(caldavFetch(deps, auth.userId), connection);
  } catch (err) {
    throw failure(err, badRequest);
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
    const fetch = caldavFetch(deps, auth.userId);
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        try {
          await deleteEvent(fetch, connection, connection.path, id);
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
