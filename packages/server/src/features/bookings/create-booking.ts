import { isSpaceAdmin, type BookingSave } from '@perch/contract';
import { DateTime } from 'luxon';
import type { AppDeps, AuthContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { requireOrgRole } from '../../http/permissions.js';
import type { FastifyRequest } from 'fastify';
import { fromClientTime } from '../../lib/time.js';
import { isSlotConflict, lockForBooking, ruleError, slotTaken, violationFor } from './check.js';
import { loadSpaceFacts, type SpaceFacts } from './facts.js';
import { resolvePerson } from './person.js';
import { bookingSettings, type BookingSettings } from './rules/index.js';
import { subjectRequired } from './rules/subject.js';

export interface BookingTarget {
  auth: AuthContext;
  space: SpaceFacts;
  settings: BookingSettings;
  enter: DateTime;
  leave: DateTime;
}

/** Loads the space and area of a booking request, checks access and reads its times in the area's zone. */
export async function bookingTarget(
  deps: AppDeps,
  req: FastifyRequest,
  spaceId: string,
  enterText: string,
  leaveText: string,
): Promise<BookingTarget> {
  const space = await loadSpaceFacts(deps.prepared, spaceId.toLowerCase());
  if (!space) throw badRequest('Unknown space');
  const auth = requireOrgRole(req, space.organizationId, 0);
  const settings = bookingSettings(space.settings);
  const enter = fromClientTime(enterText, space.zone);
  const leave = fromClientTime(leaveText, space.zone);
  if (!enter || !leave) throw badRequest('enter and leave must be RFC 3339 times');
  return { auth, space, settings, enter, leave };
}

/** POST /booking/: checks every rule for the person the booking is for and stores it. */
export async function createBooking(deps: AppDeps, req: FastifyRequest, body: BookingSave): Promise<string> {
  const t = await bookingTarget(deps, req, body.spaceId, body.enter, body.leave);
  const { auth, space, settings } = t;
  const required = subjectRequired(body.subject, space.requireSubject, settings.subjectDefault);
  if (required) throw ruleError(required);
  const admin = isSpaceAdmin(auth.role);
  if ((!space.locationEnabled || !space.spaceEnabled) && !admin) throw badRequest('This space cannot be booked');
  return deps.db.transaction().execute(async (trx) => {
    const person = await resolvePerson(trx, auth, space.organizationId, body.userEmail, settings);
    await lockForBooking(trx, person.id, space);
    const v = await violationFor(trx, {
      mode: 'create',
      space,
      personId: person.id,
      enter: t.enter,
      leave: t.leave,
      subject: body.subject,
      settings,
      exempt: admin && settings.noAdminRestrictions,
      now: DateTime.now(),
      excludeBookingId: null,
    });
    if (v) throw ruleError(v);
    try {
      const row = await trx
        .insertInto('bookings')
        .values({
          organization_id: space.organizationId,
          location_id: space.locationId,
          space_id: space.spaceId,
          user_id: person.id,
          enter_at: t.enter.toJSDate(),
          leave_at: t.leave.toJSDate(),
          subject: body.subject.trim(),
          approved: !space.needsApproval,
          recurring_id: null,
          last_info_mail_sent_at: null,
          reminder_sent_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    } catch (e) {
      if (isSlotConflict(e)) throw slotTaken();
      throw e;
    }
  });
}
