import { ErrorCode, isSpaceAdmin, type PrecheckResult, type RecurringBookingSave } from '@perch/contract';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import type { AppDeps } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { badRequest } from '../../http/errors.js';
import { fromClientTime, toClientTime } from '../../lib/time.js';
import { isSlotConflict, lockForBooking, ruleError, slotIsTaken, violationFor } from '../bookings/check.js';
import { bookingTarget, type BookingTarget } from '../bookings/create-booking.js';
import { subjectRequired } from '../bookings/rules/subject.js';
import { MAX_OCCURRENCES, occurrences, type Occurrence } from './occurrences.js';

interface Series {
  target: BookingTarget;
  list: Occurrence[];
}

/** Validates a series request and lists its occurrences. */
async function prepareSeries(
  deps: AppDeps,
  req: FastifyRequest,
  body: RecurringBookingSave,
  creating: boolean,
): Promise<Series> {
  const target = await bookingTarget(deps, req, body.spaceId, body.enter, body.leave);
  const { space, settings } = target;
  const end = fromClientTime(body.end, space.zone);
  if (!end) throw badRequest('end must be an RFC 3339 time');
  if (creating) {
    if (!space.locationEnabled || !space.spaceEnabled) throw badRequest('This space cannot be booked');
    if (!settings.allowRecurring) throw badRequest('Recurring bookings are turned off');
    const required = subjectRequired(body.subject, space.requireSubject, settings.subjectDefault);
    if (required) throw ruleError(required);
  }
  const list = occurrences({ ...body, enter: target.enter, leave: target.leave, end });
  if (!list) throw badRequest(`A series may have at most ${MAX_OCCURRENCES} occurrences`);
  return { target, list };
}

function result(o: Occurrence, zone: string, outcome: { id?: string; errorCode?: number }): PrecheckResult {
  return {
    enter: toClientTime(o.enter, zone),
    leave: toClientTime(o.leave, zone),
    success: outcome.errorCode === undefined,
    ...(outcome.errorCode !== undefined ? { errorCode: outcome.errorCode } : {}),
    id: outcome.id ?? '',
  };
}

/** POST /recurring-booking/precheck: the outcome each occurrence would have, nothing stored. */
export async function precheckSeries(
  deps: AppDeps,
  req: FastifyRequest,
  body: RecurringBookingSave,
): Promise<PrecheckResult[]> {
  const { target, list } = await prepareSeries(deps, req, body, false);
  const { auth, space, settings } = target;
  const out: PrecheckResult[] = [];
  const now = DateTime.now();
  for (const [i, o] of list.entries()) {
    const v = await violationFor(deps.db, {
      mode: 'create',
      space,
      personId: auth.userId,
      enter: o.enter,
      leave: o.leave,
      subject: body.subject,
      settings,
      exempt: isSpaceAdmin(auth.role) && settings.noAdminRestrictions,
      now,
      excludeBookingId: null,
      upcomingMarkup: i,
    });
    const taken = !v && (await slotIsTaken(deps.db, space.spaceId, o.enter, o.leave, null));
    out.push(result(o, space.zone, { errorCode: v?.code ?? (taken ? ErrorCode.BookingSlotConflict : undefined) }));
  }
  return out;
}

/**
 * POST /recurring-booking/: stores the series and every occurrence that passes the rules and
 * is free; the others are reported and skipped (the client offers "book the available ones").
 */
export async function createSeries(
  deps: AppDeps,
  req: FastifyRequest,
  body: RecurringBookingSave,
): Promise<{ id: string; results: PrecheckResult[] }> {
  const { target, list } = await prepareSeries(deps, req, body, true);
  const { auth, space, settings } = target;
  const exempt = isSpaceAdmin(auth.role) && settings.noAdminRestrictions;
  return deps.db.transaction().execute(async (trx) => {
    await lockForBooking(trx, auth.userId, space);
    const end = fromClientTime(body.end, space.zone)!;
    const series = await trx
      .insertInto('recurring_bookings')
      .values({
        user_id: auth.userId,
        space_id: space.spaceId,
        subject: body.subject.trim(),
        enter_at: target.enter.toJSDate(),
        leave_at: target.leave.toJSDate(),
        end_at: end.toJSDate(),
        cadence: body.cadence,
        cycle: body.cycle,
        weekdays: [...new Set(body.weekdays)].sort((a, b) => a - b),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const results: PrecheckResult[] = [];
    const now = DateTime.now();
    for (const o of list) {
      const v = await violationFor(trx, {
        mode: 'create',
        space,
        personId: auth.userId,
        enter: o.enter,
        leave: o.leave,
        subject: body.subject,
        settings,
        exempt,
        now,
        excludeBookingId: null,
      });
      if (v) {
        results.push(result(o, space.zone, { errorCode: v.code }));
        continue;
      }
      const id = await insertOccurrence(trx, space, auth.userId, o, body.subject, series.id);
      results.push(result(o, space.zone, id ? { id } : { errorCode: ErrorCode.BookingSlotConflict }));
    }
    return { id: series.id, results };
  });
}

/** Inserts one occurrence; a taken slot only skips this occurrence (savepoint), not the series. */
async function insertOccurrence(
  trx: Db,
  space: BookingTarget['space'],
  userId: string,
  o: Occurrence,
  subject: string,
  seriesId: string,
): Promise<string | null> {
  await sql`SAVEPOINT occurrence`.execute(trx);
  try {
    const row = await trx
      .insertInto('bookings')
      .values({
        organization_id: space.organizationId,
        location_id: space.locationId,
        space_id: space.spaceId,
        user_id: userId,
        enter_at: o.enter.toJSDate(),
        leave_at: o.leave.toJSDate(),
        subject: subject.trim(),
        approved: !space.needsApproval,
        recurring_id: seriesId,
        last_info_mail_sent_at: null,
        reminder_sent_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`RELEASE SAVEPOINT occurrence`.execute(trx);
    return row.id;
  } catch (e) {
    if (!isSlotConflict(e)) throw e;
    await sql`ROLLBACK TO SAVEPOINT occurrence`.execute(trx);
    return null;
  }
}
