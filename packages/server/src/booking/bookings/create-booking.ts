import type { BookingSave } from '@perch/contract';
import { DateTime } from 'luxon';
import type { AppDeps, AuthContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { ruleError } from '../../http/errors.js';
import { checkRules, lockForBooking } from './check.js';
import { isExempt, requireBookable } from './policy.js';
import { subjectRequired } from './rules/subject.js';
import { loadBookingTarget, resolvePerson } from './target.js';
import { insertBooking } from './write.js';

/**
 * Books a space for the caller or (space admins) for someone else. Check order as the
 * reference: space and area, a required subject, disabled spaces, the person, the rules,
 * then the database refuses an overlap.
 */
export async function createBooking(deps: AppDeps, auth: AuthContext, body: BookingSave): Promise<string> {
  const target = await loadBookingTarget(deps, auth, body);
  const { space, settings } = target;
  // The reference checks a missing subject before anything about the person.
  const missing = subjectRequired(body.subject, space.requireSubject, settings.subjectDefault);
  if (missing) throw ruleError(missing);
  requireBookable(auth, space);
  return inTransaction(deps, async (tx) => {
    const person = await resolvePerson(tx, auth, target, body.userEmail);
    await lockForBooking(tx.db, person.id, space);
    const v = await checkRules(tx.db, {
      mode: 'create',
      target,
      enter: target.enter,
      leave: target.leave,
      personId: person.id,
      subject: body.subject,
      exempt: isExempt(auth, settings),
      now: DateTime.now(),
      excludeBookingId: null,
    });
    if (v) throw ruleError(v);
    const booking = await insertBooking(tx, auth, {
      organization_id: space.organizationId,
      location_id: space.locationId,
      space_id: space.spaceId,
      user_id: person.id,
      enter_at: target.enter.toJSDate(),
      leave_at: target.leave.toJSDate(),
      subject: body.subject.trim(),
      approved: !space.needsApproval,
      recurring_id: null,
    });
    return booking.id;
  });
}
