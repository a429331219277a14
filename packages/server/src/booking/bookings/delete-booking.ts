import { DateTime } from 'luxon';
import type { AppDeps, AuthContext } from '../../context.js';
import { notFound, ruleError } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { effectiveZone } from '../../lib/time.js';
import { loadBookingSettings } from '../../organization/settings/index.js';
import { isExempt, requireOwnerOrSpaceAdmin } from './policy.js';
import { findBookingView } from './repo.js';
import { firstCancelViolation } from './rules/index.js';
import { removeBookings } from './write.js';

/**
 * Cancels a booking: its owner or a space admin; not once it ended before today (in the
 * area's zone); not within `max_hours_before_delete` of its start unless the caller is an
 * admin exempt by `no_admin_restrictions`. A `reason` (the route has checked its length) is
 * quoted in the owner's cancellation mail; blank is none.
 */
export async function cancelBooking(deps: AppDeps, auth: AuthContext, id: string, reason?: string): Promise<void> {
  const b = await findBookingView(deps.db, pathId(id, 'Unknown booking'));
  if (!b) throw notFound('Unknown booking');
  requireOwnerOrSpaceAdmin(auth, { organizationId: b.organization_id, userId: b.user_id });
  const settings = await loadBookingSettings(deps.db, b.organization_id);
  const zone = effectiveZone(b.zone, undefined);
  const w = { enter: DateTime.fromJSDate(b.enter_at), leave: DateTime.fromJSDate(b.leave_at), zone };
  const v = firstCancelViolation(w, DateTime.now(), settings, isExempt(auth, settings));
  if (v) throw ruleError(v);
  await removeBookings(deps, auth, [b.id], 'cancelled', reason?.trim() || undefined);
}
