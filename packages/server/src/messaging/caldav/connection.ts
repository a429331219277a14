import { isAbsoluteUrl } from '@perch/contract';
import type { AppDeps } from '../../context.js';
import { CALDAV_PREFERENCES } from '../../identity/preferences/index.js';
import {
  isCalendarPath,
  MAX_ANSWER_BYTES,
  REQUEST_TIMEOUT_MS,
  type CaldavAccount,
  type CaldavFetch,
} from './client.js';

/**
 * A user's CalDAV connection lives in four preferences: `caldav_url`, `caldav_user`,
 * `caldav_pass` (encrypted) and `caldav_path`. All four must be set, the address must be an
 * http(s) URL and the path a path on that server, or there is no connection. They are written
 * only by connecting (service.ts), which checks them against the server first.
 */

export interface CaldavConnection extends CaldavAccount {
  path: string;
}

/** The stored values, the password decrypted ("" where a value is missing). */
export async function readCaldavPreferences(
  deps: AppDeps,
  userId: string,
): Promise<{ url: string; username: string; password: string; path: string }> {
  const rows = await deps.db
    .selectFrom('user_preferences')
    .select(['name', 'value'])
    .where('user_id', '=', userId)
    .where('name', 'in', [...CALDAV_PREFERENCES])
    .execute();
  const value = (name: string) => rows.find((r) => r.name === name)?.value ?? '';
  const secret = value('caldav_pass');
  return {
    url: value('caldav_url'),
    username: value('caldav_user'),
    password: secret ? (deps.secrets.decrypt(secret) ?? '') : '',
    path: value('caldav_path'),
  };
}

/** The user's connection, or null when it is not (completely) set up. */
export async function readConnection(deps: AppDeps, userId: string): Promise<CaldavConnection | null> {
  const p = await readCaldavPreferences(deps, userId);
  if (!p.url || !p.username || !p.password || !isCalendarPath(p.path) || !isAbsoluteUrl(p.url)) return null;
  return p;
}

/**
 * The fetch calendar calls go through: a person's own calls (connecting, testing, disconnecting)
 * share their few slots of the outbound policy; the background sync has its own (`sync`).
 */
export const caldavFetch = (deps: AppDeps, userId: string, sync?: { slots: number }): CaldavFetch =>
  deps.outbound.fetchFor(sync ? 'caldav-sync' : `user:${userId}`, {
    timeoutMs: REQUEST_TIMEOUT_MS,
    maxBytes: MAX_ANSWER_BYTES,
    ...(sync ? { limit: sync.slots } : {}),
  });
