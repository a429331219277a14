import { ErrorCode, MAX_OCCURRENCES, type PrecheckResult, type RecurringBookingSave } from '@perch/contract';
import { DateTime } from 'luxon';
import type { AppDeps, AuthContext } from '../../context.js';
import type { RecurringBookingRow, BookingRow } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { badRequest, notFound, ruleError } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { fromClientTime } from '../../lib/time.js';
import {
  checkRules,
  lockForBooking,
  type RuleCheck,
  loadSpaceFacts,
  isExempt,
  requireBookable,
  requireOwnerOrSpaceAdmin,
  slotIsTaken,
  subjectRequired,
  loadBookingTarget,
  type BookingTarget,
  announce,
  endSeries,
  insertOccurrence,
} from '../bookings/index.js';
import { occurrences, type Occurrence } from './occurrences.js';
import { presentOccurrence } from './presenter.js';
import { findSeries, insertSeries } from './repo.js';

interface PreparedSeries {
  target: BookingTarget;
  end: DateTime;
  list: Occurrence[];
}

/** Validates a series request and lists its occurrences. */
async function prepareSeries(
  deps: AppDeps,
  auth: AuthContext,
  body: RecurringBookingSave,
  creating: boolean,
): Promise<PreparedSeries> {
  const target = await loadBookingTarget(deps, auth, body);
  const { space, settings } = target;
  const end = fromClientTime(body.end, space.zone);
  if (!end) throw badRequest('end must be an RFC 3339 time');
  if (creating) {
    requireBookable(auth, space);
    if (!settings.allowRecurring) throw badRequest('Recurring bookings are turned off');
    const missing = subjectRequired(body.subject, space.requireSubject, settings.subjectDefault);
    if (missing) throw ruleError(missing);
  }
  const list = occurrences({ ...body, enter: target.enter, leave: target.leave, end });
  if (!list) throw badRequest(`A series may have at most ${MAX_OCCURRENCES} occurrences`);
  return { target, end, list };
}

/** The rule check of one occurrence, for the caller. */
function occurrenceCheck(auth: AuthContext, target: BookingTarget, subject: string, o: Occurrence, now: DateTime) {
  return {
    mode: 'create',
    target,
    enter: o.enter,
    leave: o.leave,
    personId: auth.userId,
    subject,
    exempt: isExempt(auth, target.settings),
    now,
    excludeBookingId: null,
  } satisfies RuleCheck;
}

/** The outcome each occurrence would have; nothing is stored. */
export async function precheckSeries(
  deps: AppDeps,
  auth: AuthContext,
  body: RecurringBookingSave,
): Promise<PrecheckResult[]> {
  const { target, list } = await prepareSeries(deps, auth, body, false);
  const { space } = target;
  const out: PrecheckResult[] = [];
  const now = DateTime.now();
  for (const [i, o] of list.entries()) {
    // Earlier occurrences would count as upcoming bookings once booked.
    const v = await checkRules(deps.db, { ...occurrenceCheck(auth, target, body.subject, o, now), upcomingMarkup: i });
    const taken = !v && (await slotIsTaken(deps.db, space.spaceId, o.enter.toJSDate(), o.leave.toJSDate(), null));
    out.push(
      presentOccurrence(o, space.zone, {
        errorCode: v ? v.code : taken ? ErrorCode.BookingSlotConflict : undefined,
      }),
    );
  }
  return out;
}

/**
 * Stores the series and every occurrence that passes the rules and is free; the others are
 * reported and skipped (the client offers "book the available ones").
 */
export async function createSeries(
  deps: AppDeps,
  auth: AuthContext,
  body: RecurringBookingSave,
): Promise<{ id: string; results: PrecheckResult[] }> {
  const { target, end, list } = await prepareSeries(deps, auth, body, true);
  const { space } = target;
  return inTransaction(deps, async (tx) => {
    await lockForBooking(tx.db, auth.userId, space);
    const seriesId = await insertSeries(tx.db, {
      user_id: auth.userId,
      space_id: space.spaceId,
      subject: body.subject.trim(),
      enter_at: target.enter.toJSDate(),
      leave_at: target.leave.toJSDate(),
      end_at: end.toJSDate(),
      cadence: body.cadence,
      cycle: body.cycle,
      weekdays: [...new Set(body.weekdays)].sort((a, b) => a - b),
    });
    const results: PrecheckResult[] = [];
    const occurrences: BookingRow[] = [];
    const now = DateTime.now();
    for (const o of list) {
      const v = await checkRules(tx.db, occurrenceCheck(auth, target, body.subject, o, now));
      if (v) {
        results.push(presentOccurrence(o, space.zone, { errorCode: v.code }));
        continue;
      }
      const booking = await insertOccurrence(tx, auth, {
        organization_id: space.organizationId,
        location_id: space.locationId,
        space_id: space.spaceId,
        user_id: auth.userId,
        enter_at: o.enter.toJSDate(),
        leave_at: o.leave.toJSDate(),
        subject: body.subject.trim(),
        approved: !space.needsApproval,
        recurring_id: seriesId,
      });
      if (booking) occurrences.push(booking);
      results.push(
        presentOccurrence(o, space.zone, booking ? { id: booking.id } : { errorCode: ErrorCode.BookingSlotConflict }),
      );
    }
    await announce(tx, auth, [{ kind: 'series-created', seriesId, occurrences }]);
    return { id: seriesId, results };
  });
}

/** A series its owner, or a space admin of its organisation, may see and end; with its area's zone. */
async function seriesFor(
  deps: AppDeps,
  auth: AuthContext,
  rawId: string,
): Promise<{ series: RecurringBookingRow; zone: string }> {
  const series = await findSeries(deps.db, pathId(rawId, 'Unknown series'));
  if (!series) throw notFound('Unknown series');
  const space = await loadSpaceFacts(deps.prepared, series.space_id);
  if (!space) throw notFound('Unknown series');
  requireOwnerOrSpaceAdmin(
    auth,
    { organizationId: space.organizationId, userId: series.user_id },
    'This is not your series',
  );
  return { series, zone: space.zone };
}

export const getSeries = seriesFor;

/** Ends a series: future occurrences are cancelled, past ones stay as single bookings. */
export async function deleteSeries(deps: AppDeps, auth: AuthContext, id: string): Promise<void> {
  const { series } = await seriesFor(deps, auth, id);
  await endSeries(deps, auth, series.id);
}
