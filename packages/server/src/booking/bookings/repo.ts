import { Role, type BookingStateFilter, type ListPage } from '@perch/contract';
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { BookingRow, Database } from '../../db/schema.js';

/** A booking with what its JSON needs: the person, the space, the area and its time zone. */
export interface BookingView {
  id: string;
  organization_id: string;
  location_id: string;
  space_id: string;
  user_id: string;
  enter_at: Date;
  leave_at: Date;
  approved: boolean;
  subject: string;
  recurring_id: string | null;
  checked_in_at: Date | null;
  released_at: Date | null;
  release_reason: string | null;
  user_email: string;
  user_firstname: string;
  user_lastname: string;
  space_name: string;
  location_name: string;
  zone: string;
}

/** The effective time zone of the joined `locations` row. */
export const LOCATION_ZONE = sql<string>`coalesce(nullif(locations.timezone, ''), (SELECT value FROM settings st WHERE st.organization_id = locations.organization_id AND st.name = 'default_timezone'), 'UTC')`;

/** One booking with its person, space and area, and the area's effective time zone. */
function bookingViews(db: Db) {
  return db
    .selectFrom('bookings')
    .innerJoin('users', 'users.id', 'bookings.user_id')
    .innerJoin('spaces', 'spaces.id', 'bookings.space_id')
    .innerJoin('locations', 'locations.id', 'bookings.location_id')
    .select([
      'bookings.id',
      'bookings.organization_id',
      'bookings.location_id',
      'bookings.space_id',
      'bookings.user_id',
      'bookings.enter_at',
      'bookings.leave_at',
      'bookings.approved',
      'bookings.subject',
      'bookings.recurring_id',
      'bookings.checked_in_at',
      'bookings.released_at',
      'bookings.release_reason',
      'users.email as user_email',
      'users.firstname as user_firstname',
      'users.lastname as user_lastname',
      'spaces.name as space_name',
      'locations.name as location_name',
      LOCATION_ZONE.as('zone'),
    ]);
}

/**
 * A booking of a list: its own columns, times as whole epoch seconds (what the API writes).
 * A list names each person, space and area once (`BookingList`) instead of on every row:
 * an organisation's week or its waiting approvals run to 10,000 bookings of a few hundred
 * people and spaces.
 */
export interface ListedBooking {
  id: string;
  location_id: string;
  space_id: string;
  user_id: string;
  enter_s: number;
  leave_s: number;
  approved: boolean;
  subject: string;
  recurring_id: string | null;
  checked_in_s: number | null;
  released_s: number | null;
  release_reason: string | null;
}

export interface ListedPerson {
  email: string;
  firstname: string;
  lastname: string;
}

export interface ListedArea {
  name: string;
  zone: string;
}

/** Bookings in list order with the people, spaces (names) and areas they refer to. */
export interface BookingList {
  bookings: ListedBooking[];
  people: Map<string, ListedPerson>;
  spaces: Map<string, string>;
  areas: Map<string, ListedArea>;
}

const epochSeconds = (column: 'bookings.enter_at' | 'bookings.leave_at') =>
  sql<number>`floor(extract(epoch from ${sql.ref(column)}))::float8`;
const epochSecondsOrNull = (column: 'bookings.checked_in_at' | 'bookings.released_at') =>
  sql<number | null>`floor(extract(epoch from ${sql.ref(column)}))::float8`;

type ListQuery<T extends keyof Database> = SelectQueryBuilder<Database, T, ListedBooking>;

/**
 * The columns of a list's bookings. `approved` may be given as a constant by a list that
 * selects on it, so that the bookings are read from an index alone; so may `waiting` (bookings
 * waiting for approval are neither checked in nor released).
 */
function listedBookings(
  db: Db,
  approved: RawBuilder<boolean> = sql<boolean>`bookings.approved`,
  waiting = false,
): ListQuery<'bookings'> {
  return db
    .selectFrom('bookings')
    .select([
      'bookings.id',
      'bookings.location_id',
      'bookings.space_id',
      'bookings.user_id',
      epochSeconds('bookings.enter_at').as('enter_s'),
      epochSeconds('bookings.leave_at').as('leave_s'),
      approved.as('approved'),
      'bookings.subject',
      'bookings.recurring_id',
      (waiting ? sql<number | null>`NULL::float8` : epochSecondsOrNull('bookings.checked_in_at')).as('checked_in_s'),
      (waiting ? sql<number | null>`NULL::float8` : epochSecondsOrNull('bookings.released_at')).as('released_s'),
      (waiting ? sql<string | null>`NULL::text` : sql<string | null>`bookings.release_reason`).as('release_reason'),
    ]);
}

/**
 * Completes a list with its people, spaces and areas, read in one statement. A booking whose
 * person or space was deleted in between is left out (the deletion removed it too).
 */
async function completeList(db: Db, bookings: ListedBooking[]): Promise<BookingList> {
  const list: BookingList = { bookings, people: new Map(), spaces: new Map(), areas: new Map() };
  if (bookings.length === 0) return list;
  const people = new Set<string>();
  const spaces = new Set<string>();
  const areas = new Set<string>();
  for (const b of bookings) {
    people.add(b.user_id);
    spaces.add(b.space_id);
    areas.add(b.location_id);
  }
  const { rows } = await sql<{ kind: 'p' | 's' | 'a'; id: string; a: string; b: string | null; c: string | null }>`
    SELECT 'p' AS kind, id, email AS a, firstname AS b, lastname AS c FROM users WHERE id = ANY(${[...people]}::uuid[])
    UNION ALL
    SELECT 's', id, name, NULL, NULL FROM spaces WHERE id = ANY(${[...spaces]}::uuid[])
    UNION ALL
    SELECT 'a', id, name, ${LOCATION_ZONE}, NULL FROM locations WHERE id = ANY(${[...areas]}::uuid[])`.execute(db);
  for (const r of rows) {
    if (r.kind === 'p') list.people.set(r.id, { email: r.a, firstname: r.b ?? '', lastname: r.c ?? '' });
    else if (r.kind === 's') list.spaces.set(r.id, r.a);
    else list.areas.set(r.id, { name: r.a, zone: r.b ?? 'UTC' });
  }
  if (list.people.size < people.size || list.spaces.size < spaces.size || list.areas.size < areas.size) {
    list.bookings = bookings.filter(
      (b) => list.people.has(b.user_id) && list.spaces.has(b.space_id) && list.areas.has(b.location_id),
    );
  }
  return list;
}

export async function findBookingView(db: Db, id: string): Promise<BookingView | undefined> {
  return bookingViews(db).where('bookings.id', '=', id).executeTakeFirst();
}

export async function findBooking(db: Db, id: string): Promise<BookingRow | undefined> {
  return db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A person's bookings that have not ended, by start. */
export async function upcomingBookingsOf(db: Db, userId: string): Promise<BookingList> {
  const rows = await listedBookings(db)
    .where('bookings.user_id', '=', userId)
    .where('bookings.leave_at', '>', new Date())
    .orderBy('bookings.enter_at')
    .orderBy('bookings.id')
    .execute();
  return completeList(db, rows);
}

/** A person's bookings that ended after `since` (and by now), the latest end first. */
export async function pastBookingsOf(db: Db, userId: string, since: Date, limit: number): Promise<BookingList> {
  const rows = await listedBookings(db)
    .where('bookings.user_id', '=', userId)
    .where('bookings.leave_at', '<=', new Date())
    .where('bookings.leave_at', '>', since)
    .orderBy('bookings.leave_at', 'desc')
    .orderBy('bookings.id', 'desc')
    .limit(limit)
    .execute();
  return completeList(db, rows);
}

export interface AdminListFilter {
  orgId: string;
  userId?: string;
  locationId?: string;
  state?: BookingStateFilter;
}

function filtered<T extends keyof Database>(q: ListQuery<T>, f: AdminListFilter): ListQuery<T> {
  let out = q.where(sql<boolean>`bookings.organization_id = ${f.orgId}`);
  if (f.userId) out = out.where(sql<boolean>`bookings.user_id = ${f.userId}`);
  if (f.locationId) out = out.where(sql<boolean>`bookings.location_id = ${f.locationId}`);
  if (f.state === 'checked-in') out = out.where(sql<boolean>`bookings.checked_in_at IS NOT NULL`);
  if (f.state === 'released') out = out.where(sql<boolean>`bookings.released_at IS NOT NULL`);
  if (f.state === 'not-checked-in')
    out = out.where(sql<boolean>`bookings.checked_in_at IS NULL AND bookings.released_at IS NULL`);
  return out;
}

/**
 * Bookings lying fully inside [start, end], where start and end are wall-clock times
 * (`YYYY-MM-DD HH:MM[:SS]`) compared in each booking's area zone; at most 10,000.
 * Every zone is within UTC−12…UTC+14, so the instants are first bounded by the wall-clock
 * digits read as UTC, widened by those offsets (an index range), then tested exactly, but only
 * within 14 hours of either end: a booking further inside passes in every zone, and OR stops
 * before the zone conversion.
 */
export async function bookingsInWallClockWindow(
  db: Db,
  f: AdminListFilter,
  start: string,
  end: string,
  page: ListPage = {},
): Promise<BookingList> {
  const q = filtered(listedBookings(db).innerJoin('locations', 'locations.id', 'bookings.location_id'), f)
    .where(sql<boolean>`bookings.enter_at >= (${start}::timestamp AT TIME ZONE 'UTC') - interval '14 hours'`)
    .where(sql<boolean>`bookings.enter_at <= (${end}::timestamp AT TIME ZONE 'UTC') + interval '12 hours'`)
    .where(
      sql<boolean>`(bookings.enter_at >= (${start}::timestamp AT TIME ZONE 'UTC') + interval '14 hours'
        OR (bookings.enter_at AT TIME ZONE ${LOCATION_ZONE}) >= ${start}::timestamp)`,
    )
    .where(
      sql<boolean>`(bookings.leave_at <= (${end}::timestamp AT TIME ZONE 'UTC') - interval '14 hours'
        OR (bookings.leave_at AT TIME ZONE ${LOCATION_ZONE}) <= ${end}::timestamp)`,
    )
    .orderBy('bookings.enter_at')
    .orderBy('bookings.id');
  return completeList(db, await paged(q, page, 10_000).execute());
}

/** One page of a list ordered by a unique key; without a limit, up to `cap` rows. */
function paged<T extends keyof Database>(q: ListQuery<T>, page: ListPage, cap = Number.MAX_SAFE_INTEGER): ListQuery<T> {
  const limited = q.limit(Math.min(page.limit ?? cap, cap));
  return page.offset ? limited.offset(page.offset) : limited;
}

/**
 * Bookings in progress at `now`, found through the areas' time-range index (a start-time
 * bound alone would read every booking that started before now).
 */
export async function bookingsInProgress(db: Db, f: AdminListFilter, now: Date): Promise<BookingList> {
  const rows = await filtered(listedBookings(db), f)
    .where(
      'bookings.location_id',
      'in',
      db.selectFrom('locations').select('locations.id').where('locations.organization_id', '=', f.orgId),
    )
    .where(sql<boolean>`tstzrange(bookings.enter_at, bookings.leave_at, '[)') @> ${now}::timestamptz`)
    .orderBy('bookings.enter_at')
    .orderBy('bookings.id')
    .execute();
  return completeList(db, rows);
}

/**
 * Not approved yet, written as a literal: a parameter (`approved = $1`) would keep a
 * prepared statement's generic plan off the partial indexes of waiting bookings.
 */
const WAITING = sql<boolean>`NOT bookings.approved`;

/**
 * The approver rule as SQL: a space admin approves bookings of spaces with an approver group
 * they are in, and of spaces without approver groups.
 */
const approvableBy = (userId: string) => sql<boolean>`(
    NOT EXISTS (SELECT 1 FROM space_approvers sa WHERE sa.space_id = bookings.space_id)
    OR EXISTS (SELECT 1 FROM space_approvers sa JOIN user_groups ug ON ug.group_id = sa.group_id
               WHERE sa.space_id = bookings.space_id AND ug.user_id = ${userId}))`;

/**
 * Unapproved bookings of an organisation that `userId` may approve and that ended after `since`,
 * by start: read from the index of waiting bookings alone.
 */
export async function pendingBookingsFor(
  db: Db,
  orgId: string,
  userId: string,
  since: Date,
  page: ListPage = {},
): Promise<BookingList> {
  const q = listedBookings(db, sql<boolean>`false`, true)
    .where('bookings.organization_id', '=', orgId)
    .where(WAITING)
    .where('bookings.leave_at', '>=', since)
    .where(approvableBy(userId))
    .orderBy('bookings.enter_at')
    .orderBy('bookings.id');
  return completeList(db, await paged(q, page).execute());
}

/** How many bookings `pendingBookingsFor` lists (counted in the pending index, no rows built). */
export async function countPendingBookingsFor(db: Db, orgId: string, userId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('bookings.organization_id', '=', orgId)
    .where(WAITING)
    .where('bookings.leave_at', '>=', since)
    .where(approvableBy(userId))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Whether `userId` may approve the booking under the approver rule. */
export async function mayApproveBooking(db: Db, bookingId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('bookings')
    .select('id')
    .where('id', '=', bookingId)
    .where(approvableBy(userId))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether another booking of the space overlaps the window (half-open). */
export async function slotIsTaken(
  db: Db,
  spaceId: string,
  enter: Date,
  leave: Date,
  excludeBookingId: string | null,
): Promise<boolean> {
  const row = await db
    .selectFrom('bookings')
    .select('id')
    .where('space_id', '=', spaceId)
    .where('id', '<>', excludeBookingId ?? '00000000-0000-0000-0000-000000000000')
    .where(sql<boolean>`tstzrange(enter_at, leave_at, '[)') && tstzrange(${enter}, ${leave}, '[)')`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether `domain` is an active domain of the organisation. */
export async function isActiveDomainOf(db: Db, orgId: string, domain: string): Promise<boolean> {
  const row = await db
    .selectFrom('organization_domains')
    .select('domain')
    .where('organization_id', '=', orgId)
    .where('domain', '=', domain)
    .where('active', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Creates a user (role 0, no password) for a booking made in their name; null when the
 * address was created concurrently (the unique index decides).
 */
export async function insertBookedForUser(
  db: Db,
  orgId: string,
  email: string,
): Promise<{ id: string; email: string } | null> {
  const created = await db
    .insertInto('users')
    .values({
      organization_id: orgId,
      email,
      role: Role.User,
      password_hash: null,
      auth_provider_id: null,
      atlassian_id: null,
      last_activity_at: null,
      totp_secret: null,
      api_token_hash: null,
    })
    .onConflict((oc) => oc.columns(['organization_id', 'email']).doNothing())
    .returning(['id', 'email'])
    .executeTakeFirst();
  return created ?? null;
}

/**
 * Bookings past their organisation's retention: in organisations with
 * `booking_retention_enabled`, those that ended more than `booking_retention_days` (never
 * fewer than 30) ago, oldest first.
 */
export async function bookingsPastRetention(db: Db, limit: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT b.id FROM bookings b
    JOIN settings en ON en.organization_id = b.organization_id AND en.name = 'booking_retention_enabled' AND en.value = '1'
    LEFT JOIN settings d ON d.organization_id = b.organization_id AND d.name = 'booking_retention_days'
    WHERE b.leave_at < now() - make_interval(days => greatest(30, coalesce(nullif(d.value, '')::int, 365)))
    ORDER BY b.leave_at
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => r.id);
}
