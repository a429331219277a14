import { DateTime } from 'luxon';
import type { AppDeps } from '../../context.js';
import { readSettings } from '../../organization/settings/index.js';
import { endBookingEarly, endSeries } from '../bookings/index.js';
import { checkedInWhenMade, dueForRelease, effectivePolicy, LONGEST_DEADLINE_HOURS } from './policy.js';
import { awaitingCheckIn, organizationLevel, organizationsWithCheckIn } from './repo.js';

/** Ends a series whose last `count` bookings (that have started) were all released as no-shows. */
async function endSeriesAfterNoShows(tx: AppDeps, seriesId: string, count: number, now: Date): Promise<void> {
  const last = await tx.db
    .selectFrom('bookings')
    .select('release_reason')
    .where('recurring_id', '=', seriesId)
    .where('enter_at', '<=', now)
    .orderBy('enter_at', 'desc')
    .limit(count)
    .execute();
  if (last.length === count && last.every((b) => b.release_reason === 'no-show')) await endSeries(tx, null, seriesId);
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
    const candidates = await awaitingCheckIn(
      tx.db,
      { of: { organizationId }, startsAfter: at.minus({ hours: LONGEST_DEADLINE_HOURS }).toJSDate(), startsBy: now },
      now,
    );
    for (const { booking: c, zone, area, space } of candidates) {
      const { policy } = effectivePolicy(organization, area, space);
      const times = { enter: DateTime.fromJSDate(c.enter_at), leave: DateTime.fromJSDate(c.leave_at) };
      if (checkedInWhenMade(times, policy, DateTime.fromJSDate(c.created_at))) continue;
      if (!dueForRelease({ ...times, checkedInAt: null, releasedAt: null }, policy, zone, at)) continue;
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
