import { sql } from 'kysely';
import { DateTime } from 'luxon';
import type { AppDeps } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { readSettings } from '../../organization/settings/index.js';
import { endBookingEarly, endSeries, LOCATION_ZONE } from '../bookings/index.js';
import { checkedInWhenMade, dueForRelease, effectivePolicy } from './policy.js';
import { levelOf, organizationLevel } from './repo.js';

/** The latest a booking can be missed after its start: a time of day up to a day after it. */
const LONGEST_DEADLINE_HOURS = 24;

/** Organisations where some level of the check-in policy asks for check-ins. */
async function organizationsWithCheckIn(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('organizations as o')
    .select('o.id')
    .where(({ or, exists, selectFrom }) =>
      or([
        exists(
          selectFrom('settings')
            .select(sql`1`.as('one'))
            .whereRef('settings.organization_id', '=', 'o.id')
            .where('settings.name', '=', 'checkin_mode')
            .where('settings.value', '<>', '0'),
        ),
        exists(
          selectFrom('locations')
            .select(sql`1`.as('one'))
            .whereRef('locations.organization_id', '=', 'o.id')
            .where('locations.checkin_mode', '>', 0),
        ),
        exists(
          selectFrom('spaces')
            .innerJoin('locations', 'locations.id', 'spaces.location_id')
            .select(sql`1`.as('one'))
            .whereRef('locations.organization_id', '=', 'o.id')
            .where('spaces.checkin_mode', '>', 0),
        ),
      ]),
    )
    .execute();
  return rows.map((r) => r.id);
}

/** Bookings of one organisation that started in the last day, have not ended, and wait for a check-in. */
function candidates(db: Db, organizationId: string, now: Date) {
  return db
    .selectFrom('bookings')
    .innerJoin('spaces', 'spaces.id', 'bookings.space_id')
    .innerJoin('locations', 'locations.id', 'bookings.location_id')
    .select([
      'bookings.id',
      'bookings.enter_at',
      'bookings.leave_at',
      'bookings.created_at',
      'spaces.checkin_mode as s_mode',
      'spaces.checkin_opens_minutes as s_opens',
      'spaces.checkin_grace_minutes as s_grace',
      'spaces.checkin_release_time as s_time',
      'spaces.checkin_release as s_release',
      'spaces.checkin_exempt_long as s_exempt',
      'locations.checkin_mode as a_mode',
      'locations.checkin_opens_minutes as a_opens',
      'locations.checkin_grace_minutes as a_grace',
      'locations.checkin_release_time as a_time',
      'locations.checkin_release as a_release',
      'locations.checkin_exempt_long as a_exempt',
      LOCATION_ZONE.as('zone'),
    ])
    .where('bookings.organization_id', '=', organizationId)
    .where('bookings.enter_at', '>', new Date(now.getTime() - LONGEST_DEADLINE_HOURS * 3_600_000))
    .where('bookings.enter_at', '<=', now)
    .where('bookings.leave_at', '>', now)
    .where('bookings.approved', '=', true)
    .where('bookings.checked_in_at', 'is', null)
    .where('bookings.released_at', 'is', null)
    .execute();
}

/** Ends a series whose last `count` bookings (that have started) were all released. */
async function endSeriesAfterNoShows(tx: AppDeps, seriesId: string, count: number, now: Date): Promise<void> {
  const last = await tx.db
    .selectFrom('bookings')
    .select('released_at')
    .where('recurring_id', '=', seriesId)
    .where('enter_at', '<=', now)
    .orderBy('enter_at', 'desc')
    .limit(count)
    .execute();
  if (last.length === count && last.every((b) => b.released_at !== null)) await endSeries(tx, null, seriesId);
}

/**
 * Releases the bookings nobody checked in to by their deadline (through the booking core, so
 * mails and calendars hear of it), and ends a series after the organisation's number of
 * no-shows in a row. Runs inside the job's transaction; answers how many it released.
 */
export async function releaseNoShows(tx: AppDeps, now = new Date()): Promise<number> {
  let released = 0;
  const at = DateTime.fromJSDate(now);
  for (const organizationId of await organizationsWithCheckIn(tx.db)) {
    const settings = await readSettings(tx.db, organizationId);
    const organization = organizationLevel(settings);
    const seriesEndAfter = Number(settings.get('checkin_series_end_after') ?? 0) || 0;
    for (const c of await candidates(tx.db, organizationId, now)) {
      const area = levelOf({
        checkin_mode: c.a_mode,
        checkin_opens_minutes: c.a_opens,
        checkin_grace_minutes: c.a_grace,
        checkin_release_time: c.a_time,
        checkin_release: c.a_release,
        checkin_exempt_long: c.a_exempt,
      });
      const space = levelOf({
        checkin_mode: c.s_mode,
        checkin_opens_minutes: c.s_opens,
        checkin_grace_minutes: c.s_grace,
        checkin_release_time: c.s_time,
        checkin_release: c.s_release,
        checkin_exempt_long: c.s_exempt,
      });
      const { policy } = effectivePolicy(organization, area, space);
      const times = { enter: DateTime.fromJSDate(c.enter_at), leave: DateTime.fromJSDate(c.leave_at) };
      if (checkedInWhenMade(times, policy, DateTime.fromJSDate(c.created_at))) continue;
      if (!dueForRelease({ ...times, checkedInAt: null, releasedAt: null }, policy, c.zone, at)) continue;
      // Read again under a lock: a check-in that came first wins.
      const booking = await tx.db
        .selectFrom('bookings')
        .selectAll()
        .where('id', '=', c.id)
        .where('checked_in_at', 'is', null)
        .where('released_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!booking) continue;
      await endBookingEarly(tx, null, booking, now, 'no-show');
      released++;
      if (booking.recurring_id && seriesEndAfter > 0)
        await endSeriesAfterNoShows(tx, booking.recurring_id, seriesEndAfter, now);
    }
  }
  return released;
}
