import { sql } from 'kysely';
import type { DateTime } from 'luxon';
import type { Db, PreparedQuery } from '../../db/connection.js';
import { effectiveZone } from '../../lib/time.js';
import { bookingSettings, orgSettingsJson } from '../../organization/settings/index.js';
import type { BookingSettings, Interval } from './rules/index.js';

/**
 * What the booking rules look at, read from the database: the space and its area with the
 * organisation's settings (one prepared query), the person's groups and counts, and the
 * area's other bookings.
 */

/** The space being booked, its area and what the rules need of them. */
export interface SpaceFacts {
  spaceId: string;
  spaceName: string;
  spaceEnabled: boolean;
  requireSubject: boolean;
  locationId: string;
  locationName: string;
  locationEnabled: boolean;
  organizationId: string;
  zone: string;
  bookableDays: number[];
  capacity: number;
  spaceAllowedGroups: string[];
  locationAllowedGroups: string[];
  needsApproval: boolean;
  /** The organisation's booking settings. */
  settings: BookingSettings;
}

interface SpaceFactsRow {
  space_id: string;
  space_name: string;
  space_enabled: boolean;
  require_subject: boolean;
  location_id: string;
  location_name: string;
  location_enabled: boolean;
  organization_id: string;
  timezone: string;
  settings: Record<string, string>;
  bookable_days: number[];
  max_concurrent_bookings: number;
  space_groups: string[];
  location_groups: string[];
  needs_approval: boolean;
}

const FACTS_COLUMNS = `
  coalesce(s.id::text, '') AS space_id, coalesce(s.name, '') AS space_name, coalesce(s.enabled, true) AS space_enabled,
  coalesce(s.require_subject, false) AS require_subject,
  l.id AS location_id, l.name AS location_name, l.enabled AS location_enabled, l.organization_id,
  l.timezone, l.bookable_days, l.max_concurrent_bookings,
  ${orgSettingsJson('l.organization_id')} AS settings,
  ARRAY(SELECT group_id::text FROM space_allowed_bookers WHERE space_id = s.id) AS space_groups,
  ARRAY(SELECT group_id::text FROM location_allowed_bookers WHERE location_id = l.id) AS location_groups,
  EXISTS (SELECT 1 FROM space_approvers WHERE space_id = s.id) AS needs_approval`;
const SPACE_FACTS_SQL = `SELECT ${FACTS_COLUMNS} FROM spaces s JOIN locations l ON l.id = s.location_id WHERE s.id = $1`;
const LOCATION_FACTS_SQL = `SELECT ${FACTS_COLUMNS} FROM locations l LEFT JOIN spaces s ON false WHERE l.id = $1`;

/** The space, its area and the organisation's settings, in one prepared query. */
export async function loadSpaceFacts(prepared: PreparedQuery, spaceId: string): Promise<SpaceFacts | null> {
  return toFacts((await prepared<SpaceFactsRow>('space-facts', SPACE_FACTS_SQL, [spaceId]))[0]);
}

/** The area-level facts for a check before a space is chosen (no space rules apply). */
export async function loadLocationFacts(prepared: PreparedQuery, locationId: string): Promise<SpaceFacts | null> {
  return toFacts((await prepared<SpaceFactsRow>('location-facts', LOCATION_FACTS_SQL, [locationId]))[0]);
}

function toFacts(r: SpaceFactsRow | undefined): SpaceFacts | null {
  if (!r) return null;
  const settings = new Map(Object.entries(r.settings));
  return {
    spaceId: r.space_id,
    spaceName: r.space_name,
    spaceEnabled: r.space_enabled,
    requireSubject: r.require_subject,
    locationId: r.location_id,
    locationName: r.location_name,
    locationEnabled: r.location_enabled,
    organizationId: r.organization_id,
    zone: effectiveZone(r.timezone, settings.get('default_timezone')),
    bookableDays: r.bookable_days.map(Number),
    capacity: r.max_concurrent_bookings,
    spaceAllowedGroups: r.space_groups,
    locationAllowedGroups: r.location_groups,
    needsApproval: r.needs_approval,
    settings: bookingSettings(settings),
  };
}

/** What the rules need of the person a booking is for. */
export interface PersonFacts {
  groups: Set<string>;
  upcoming: number;
  overlapping: number;
}

const NO_BOOKING = '00000000-0000-0000-0000-000000000000';

export async function loadPersonFacts(
  db: Db,
  userId: string,
  enter: DateTime,
  leave: DateTime,
  now: DateTime,
  excludeBookingId: string | null,
): Promise<PersonFacts> {
  // Without a booking to leave out, both counts are read from the (user, leave) index alone.
  const others = excludeBookingId ? sql` AND id <> ${excludeBookingId}` : sql``;
  const { rows } = await sql<{ groups: string[]; upcoming: number; overlapping: number }>`
    SELECT
      ARRAY(SELECT group_id::text FROM user_groups WHERE user_id = ${userId}) AS groups,
      (SELECT count(*)::int FROM bookings WHERE user_id = ${userId} AND leave_at >= ${now.toJSDate()}${others}) AS upcoming,
      (SELECT count(*)::int FROM bookings WHERE user_id = ${userId} AND leave_at > ${enter.toJSDate()}
         AND enter_at < ${leave.toJSDate()}${others}) AS overlapping`.execute(db);
  const r = rows[0]!;
  return { groups: new Set(r.groups), upcoming: r.upcoming, overlapping: r.overlapping };
}

/** Other bookings of an area that overlap a window (for the capacity rule). */
export async function areaIntervals(
  db: Db,
  locationId: string,
  enter: DateTime,
  leave: DateTime,
  excludeBookingId: string | null,
): Promise<Interval[]> {
  // A zero-length window still needs the bookings that cover its instant.
  const to = leave > enter ? leave : enter.plus({ milliseconds: 1 });
  const rows = await db
    .selectFrom('bookings')
    .select(['enter_at', 'leave_at'])
    .where('location_id', '=', locationId)
    .where(sql<boolean>`tstzrange(enter_at, leave_at, '[)') && tstzrange(${enter.toJSDate()}, ${to.toJSDate()}, '[)')`)
    .where('id', '<>', excludeBookingId ?? NO_BOOKING)
    .execute();
  return rows.map((r) => ({ enter: r.enter_at.getTime(), leave: r.leave_at.getTime() }));
}
