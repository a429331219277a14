import { isSpaceAdmin } from '@perch/contract';
import type { FastifyRequest } from 'fastify';
import { DateTime } from 'luxon';
import type { AppDeps } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { isUuid } from '../../http/ids.js';
import { requireOrgRole } from '../../http/permissions.js';
import { fromClientTime } from '../../lib/time.js';
import { ruleError, violationFor } from './check.js';
import { loadLocationFacts } from './facts.js';
import { bookingSettings } from './rules/index.js';

/** POST /booking/precheck/: would the caller be allowed to book in this area at this time? */
export async function precheckBooking(
  deps: AppDeps,
  req: FastifyRequest,
  body: { locationId: string; enter: string; leave: string },
): Promise<void> {
  if (!isUuid(body.locationId)) throw badRequest('Unknown area');
  const area = await loadLocationFacts(deps.prepared, body.locationId.toLowerCase());
  if (!area) throw badRequest('Unknown area');
  const auth = requireOrgRole(req, area.organizationId, 0);
  const settings = bookingSettings(area.settings);
  const enter = fromClientTime(body.enter, area.zone);
  const leave = fromClientTime(body.leave, area.zone);
  if (!enter || !leave) throw badRequest('enter and leave must be RFC 3339 times');
  const v = await violationFor(deps.db, {
    mode: 'precheck',
    space: area,
    personId: auth.userId,
    enter,
    leave,
    subject: '',
    settings,
    exempt: isSpaceAdmin(auth.role) && settings.noAdminRestrictions,
    now: DateTime.now(),
    excludeBookingId: null,
  });
  if (v) throw ruleError(v);
}
