import { createDAVClient } from 'tsdav';

/**
 * Talking to a CalDAV server (reference §10): finding an account's calendars with `tsdav`
 * (current-user principal → calendar home → calendars), and writing or removing one event as
 * a calendar object named after the booking (`<calendar>/<bookingId>.ics`). Every request has a
 * time limit, so a server that does not answer costs seconds, not a hung sync.
 */

export interface CaldavAccount {
  url: string;
  username: string;
  password: string;
}

export interface CaldavCalendar {
  /** The calendar collection's path on the server (the `caldav_path` preference). */
  path: string;
  name: string;
}

/** Why talking to the server failed, in words a user can act on. */
export class CaldavError extends Error {
  constructor(
    message: string,
    /** The HTTP status of the server's answer; 0 when there was none. */
    readonly status = 0,
  ) {
    super(message);
  }
}

export const REQUEST_TIMEOUT_MS = 15_000;

const timedFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, redirect: 'follow', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });

function describe(err: unknown): CaldavError {
  if (err instanceof CaldavError) return err;
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError')
    return new CaldavError('The calendar server did not answer in time');
  if (e.cause?.code || e.cause?.message)
    return new CaldavError(`The calendar server cannot be reached (${e.cause.code ?? e.cause.message})`);
  const message = e.message ?? String(err);
  if (/401|unauthori[sz]ed|invalid credentials/i.test(message))
    return new CaldavError('The calendar server refused the user name or password', 401);
  return new CaldavError(`The calendar server answered unexpectedly: ${message}`.slice(0, 500));
}

const basic = (a: CaldavAccount) => `Basic ${Buffer.from(`${a.username}:${a.password}`).toString('base64')}`;

function displayName(value: unknown, fallback: string): string {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (value && typeof value === 'object' && '_cdata' in value) return String((value as { _cdata: unknown })._cdata);
  return fallback;
}

/** The account's calendars that hold events. Throws a CaldavError when that fails. */
export async function listCalendars(account: CaldavAccount): Promise<CaldavCalendar[]> {
  try {
    // A wrong password fails discovery in ways tsdav reports vaguely; ask once ourselves first.
    const probe = await timedFetch(account.url, {
      method: 'PROPFIND',
      headers: { authorization: basic(account), depth: '0', 'content-type': 'application/xml; charset=utf-8' },
      body: '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>',
    });
    await probe.body?.cancel();
    if (probe.status === 401 || probe.status === 403)
      throw new CaldavError('The calendar server refused the user name or password', probe.status);
    const client = await createDAVClient({
      serverUrl: account.url,
      credentials: { username: account.username, password: account.password },
      authMethod: 'Basic',
      defaultAccountType: 'caldav',
      fetch: timedFetch,
    });
    const calendars = await client.fetchCalendars();
    return calendars
      .filter((c) => !c.components || c.components.includes('VEVENT'))
      .map((c) => {
        const path = new URL(c.url, account.url).pathname;
        return { path, name: displayName(c.displayName, path.split('/').filter(Boolean).pop() ?? path) };
      });
  } catch (err) {
    throw describe(err);
  }
}

/** The address of a calendar object: the calendar's path under the server's address. */
export function objectUrl(account: Pick<CaldavAccount, 'url'>, calendarPath: string, bookingId: string): string {
  const calendar = new URL(calendarPath, account.url);
  if (!calendar.pathname.endsWith('/')) calendar.pathname += '/';
  return new URL(`${bookingId}.ics`, calendar).toString();
}

async function send(account: CaldavAccount, url: string, init: RequestInit, accept: number[]): Promise<void> {
  let res: Response;
  try {
    res = await timedFetch(url, { ...init, headers: { ...init.headers, authorization: basic(account) } });
  } catch (err) {
    throw describe(err);
  }
  const body = (await res.text().catch(() => '')).slice(0, 200);
  if (res.ok || accept.includes(res.status)) return;
  if (res.status === 401 || res.status === 403)
    throw new CaldavError('The calendar server refused the user name or password', res.status);
  if (res.status === 404 || res.status === 409)
    throw new CaldavError('The calendar was not found on the server', res.status);
  throw new CaldavError(
    `The calendar server answered ${res.status} ${res.statusText}${body ? `: ${body.replace(/\s+/g, ' ')}` : ''}`,
    res.status,
  );
}

/** Writes (creates or replaces) the event of a booking. */
export function putEvent(account: CaldavAccount, calendarPath: string, bookingId: string, ics: string): Promise<void> {
  return send(
    account,
    objectUrl(account, calendarPath, bookingId),
    { method: 'PUT', headers: { 'content-type': 'text/calendar; charset=utf-8' }, body: ics },
    [],
  );
}

/** Removes the event of a booking; one that is not there counts as removed. */
export function deleteEvent(account: CaldavAccount, calendarPath: string, bookingId: string): Promise<void> {
  return send(account, objectUrl(account, calendarPath, bookingId), { method: 'DELETE' }, [404, 410]);
}
