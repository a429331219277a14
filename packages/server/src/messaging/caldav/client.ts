import { createDAVClient } from 'tsdav';
import { OutboundError, type OutboundFailure } from '../../lib/outbound.js';

/**
 * Talking to a CalDAV server: finding an account's calendars with `tsdav` (current-user
 * principal → calendar home → calendars), and writing or removing one event as a calendar object
 * named after the booking (`<calendar>/<bookingId>.ics`). Every request goes through the outbound
 * policy (lib/outbound.ts) with the fetch the caller passes, which carries its owner, deadline
 * and size limit. Errors name the class of failure and the status, never what the server wrote,
 * so the calendar settings cannot be used to read or map the server's own network.
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
    /** Set when the outbound policy stopped or failed the call. */
    readonly outbound?: OutboundFailure,
  ) {
    super(message);
  }
}

/** Deadline of one call to a calendar server (a whole discovery has the same deadline). */
export const REQUEST_TIMEOUT_MS = 15_000;
/** The largest answer read from a calendar server. */
export const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/** A fetch bound to one owner and the outbound policy (`deps.outbound.fetchFor`). */
export type CaldavFetch = typeof fetch;

/** The outbound policy's failures in calendar words; the others keep the policy's own message. */
const OUTBOUND_MESSAGES: Partial<Record<OutboundFailure, string>> = {
  unreachable: 'The calendar server cannot be reached',
  timeout: 'The calendar server did not answer in time',
  'too-large': 'The calendar server’s answer is too large',
  'too-many-redirects': 'The calendar server redirected too often',
};

function describe(err: unknown): CaldavError {
  if (err instanceof CaldavError) return err;
  const cause = (err as { cause?: unknown }).cause;
  const outbound = err instanceof OutboundError ? err : cause instanceof OutboundError ? cause : undefined;
  if (outbound) return new CaldavError(OUTBOUND_MESSAGES[outbound.failure] ?? outbound.message, 0, outbound.failure);
  const e = err as { name?: string; message?: string };
  if (e.name === 'TimeoutError' || e.name === 'AbortError')
    return new CaldavError('The calendar server did not answer in time');
  if (/401|unauthori[sz]ed|invalid credentials/i.test(e.message ?? ''))
    return new CaldavError('The calendar server refused the user name or password', 401);
  // tsdav's own messages can quote the server's answer: name the class only.
  return new CaldavError('The calendar server did not answer as a CalDAV server does');
}

const basic = (a: CaldavAccount) => `Basic ${Buffer.from(`${a.username}:${a.password}`).toString('base64')}`;

function displayName(value: unknown, fallback: string): string {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (value && typeof value === 'object' && '_cdata' in value) return String((value as { _cdata: unknown })._cdata);
  return fallback;
}

/** The account's calendars that hold events. Throws a CaldavError when that fails. */
export async function listCalendars(callerFetch: CaldavFetch, account: CaldavAccount): Promise<CaldavCalendar[]> {
  // The whole discovery (several requests) has one deadline.
  const deadline = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const fetch: CaldavFetch = (input, init) =>
    callerFetch(input, { ...init, signal: init?.signal ? AbortSignal.any([deadline, init.signal]) : deadline });
  try {
    // A wrong password fails discovery in ways tsdav reports vaguely; ask once ourselves first.
    const probe = await fetch(account.url, {
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
      fetch,
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

/** A calendar's path: absolute on the server (`/dav/cal/`), never a URL or `//host` that names another server. */
export const isCalendarPath = (path: string): boolean =>
  path.startsWith('/') && !path.startsWith('//') && !/[\\\s?#]/.test(path);

/** The address of a calendar object: the calendar's path on the server of the connection's address. */
export function objectUrl(account: Pick<CaldavAccount, 'url'>, calendarPath: string, bookingId: string): string {
  if (!isCalendarPath(calendarPath)) throw new CaldavError('The calendar path is not a path on the calendar server');
  const calendar = new URL(account.url);
  calendar.pathname = calendarPath.endsWith('/') ? calendarPath : `${calendarPath}/`;
  calendar.search = '';
  calendar.hash = '';
  return new URL(`${bookingId}.ics`, calendar).toString();
}

async function send(
  fetch: CaldavFetch,
  account: CaldavAccount,
  url: string,
  init: RequestInit,
  accept: number[],
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, headers: { ...init.headers, authorization: basic(account) } });
  } catch (err) {
    throw describe(err);
  }
  await res.body?.cancel().catch(() => {});
  if (res.ok || accept.includes(res.status)) return;
  if (res.status === 401 || res.status === 403)
    throw new CaldavError('The calendar server refused the user name or password', res.status);
  if (res.status === 404 || res.status === 409)
    throw new CaldavError('The calendar was not found on the server', res.status);
  throw new CaldavError(`The calendar server answered with status ${res.status}`, res.status);
}

/** Writes (creates or replaces) the event of a booking. */
export function putEvent(
  fetch: CaldavFetch,
  account: CaldavAccount,
  calendarPath: string,
  bookingId: string,
  ics: string,
): Promise<void> {
  return send(
    fetch,
    account,
    objectUrl(account, calendarPath, bookingId),
    { method: 'PUT', headers: { 'content-type': 'text/calendar; charset=utf-8' }, body: ics },
    [],
  );
}

/** Removes the event of a booking; one that is not there counts as removed. */
export function deleteEvent(
  fetch: CaldavFetch,
  account: CaldavAccount,
  calendarPath: string,
  bookingId: string,
): Promise<void> {
  return send(fetch, account, objectUrl(account, calendarPath, bookingId), { method: 'DELETE' }, [404, 410]);
}
