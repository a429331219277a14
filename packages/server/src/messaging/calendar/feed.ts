import type { CalendarFeed } from '@perch/contract';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppDeps, AuthContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { publicUrl } from '../../lib/public-url.js';
import { calendarFile, describeBookings } from './events.js';

/**
 * The personal calendar feed: a secret address per user that calendar apps (Google Calendar,
 * Outlook, Apple Calendar) subscribe to and poll. The address is the credential; resetting it
 * makes the old one stop working. The feed lists the user's bookings from FEED_PAST_DAYS ago
 * to FEED_FUTURE_DAYS ahead, pending ones as tentative.
 */

const FEED_PAST_DAYS = 30;
const FEED_FUTURE_DAYS = 365;
/** How often a poll is recorded (apps poll every few minutes; one write a minute is plenty). */
const POLL_RECORD_SECONDS = 60;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

function present(
  deps: AppDeps,
  row: { token_encrypted: string; created_at: Date; last_polled_at: Date | null } | undefined,
): CalendarFeed {
  const token = row ? deps.secrets.decrypt(row.token_encrypted) : null;
  if (!row || !token) return { url: null, webcalUrl: null, createdAt: null, lastPolledAt: null };
  const url = publicUrl(deps.config, `/calendar-feed/${token}.ics`);
  return {
    url,
    webcalUrl: url.replace(/^https?:/, 'webcal:'),
    createdAt: row.created_at.toISOString(),
    lastPolledAt: row.last_polled_at?.toISOString() ?? null,
  };
}

export async function getFeed(deps: AppDeps, auth: AuthContext): Promise<CalendarFeed> {
  const row = await deps.db
    .selectFrom('calendar_feeds')
    .selectAll()
    .where('user_id', '=', auth.userId)
    .executeTakeFirst();
  return present(deps, row);
}

/** Creates the caller's feed, or gives it a new address (the old one stops working). */
export async function resetFeed(deps: AppDeps, auth: AuthContext): Promise<CalendarFeed> {
  const token = randomBytes(32).toString('base64url');
  const values = {
    token_hash: digest(token),
    token_encrypted: deps.secrets.encrypt(token),
    created_at: new Date(),
    last_polled_at: null,
  };
  const row = await deps.db
    .insertInto('calendar_feeds')
    .values({ user_id: auth.userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  return present(deps, row);
}

export async function deleteFeed(deps: AppDeps, auth: AuthContext): Promise<void> {
  await deps.db.deleteFrom('calendar_feeds').where('user_id', '=', auth.userId).execute();
}

/** The feed behind a secret address: an iCalendar file; 404 for unknown, revoked or disabled. */
export async function feedFile(deps: AppDeps, rawToken: string): Promise<string> {
  const token = rawToken.replace(/\.ics$/i, '');
  const feed = await deps.db
    .selectFrom('calendar_feeds')
    .innerJoin('users', 'users.id', 'calendar_feeds.user_id')
    .innerJoin('organizations', 'organizations.id', 'users.organization_id')
    .select([
      'calendar_feeds.user_id',
      'calendar_feeds.last_polled_at',
      'users.disabled',
      'organizations.name as orgName',
    ])
    .where('calendar_feeds.token_hash', '=', digest(token))
    .executeTakeFirst();
  if (!feed || feed.disabled) throw notFound('Unknown calendar feed');
  const now = Date.now();
  const rows = await deps.db
    .selectFrom('bookings')
    .selectAll()
    .where('user_id', '=', feed.user_id)
    .where('leave_at', '>', new Date(now - FEED_PAST_DAYS * 86_400_000))
    .where('enter_at', '<', new Date(now + FEED_FUTURE_DAYS * 86_400_000))
    .orderBy('enter_at')
    .execute();
  if (!feed.last_polled_at || feed.last_polled_at.getTime() < now - POLL_RECORD_SECONDS * 1000)
    await deps.db
      .updateTable('calendar_feeds')
      .set({ last_polled_at: sql<Date>`now()` })
      .where('user_id', '=', feed.user_id)
      .execute();
  return calendarFile(await describeBookings(deps.db, rows), {
    name: `Perch: ${feed.orgName}`,
    link: publicUrl(deps.config, '/ui/bookings/'),
  });
}
