import type { Location } from '@perch/contract';
import type { z } from 'zod';
import type { locationSearchBody } from '@perch/contract';
import type { AppDeps, AuthContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { fromClientTime } from '../../lib/time.js';
import { freeSpaceCounts } from '../spaces/availability.js';
import { locationZone } from './access.js';
import { matchesAll } from './attribute-filter.js';
import { presentLocation } from './presenter.js';
import { allowedBookersOf, listLocations, locationAttributeValues } from './repo.js';

/**
 * Areas of the caller's organisation that match every criterion, for the time window. The
 * criteria may name an area attribute or one of `numSpaces`, `numFreeSpaces`, `buddyOnSite`.
 */
export async function searchLocations(
  deps: AppDeps,
  auth: AuthContext,
  body: z.infer<typeof locationSearchBody>,
): Promise<Location[]> {
  const rows = await listLocations(deps.db, auth.orgId);
  const ids = rows.map((r) => r.id);
  const [values, bookers] = await Promise.all([locationAttributeValues(deps.db, ids), allowedBookersOf(deps.db, ids)]);
  const out: Location[] = [];
  for (const l of rows) {
    const zone = await locationZone(deps, l);
    const enter = fromClientTime(body.enter, zone);
    const leave = fromClientTime(body.leave, zone);
    if (!enter || !leave) throw badRequest('enter and leave must be RFC 3339 times');
    const v = new Map(values.get(l.id));
    if (body.attributes.some((a) => a.attributeId === 'numSpaces' || a.attributeId === 'numFreeSpaces')) {
      const counts = await freeSpaceCounts(deps, l.id, enter.toJSDate(), leave.toJSDate());
      v.set('numSpaces', String(counts.total));
      v.set('numFreeSpaces', String(counts.free));
    }
    v.set('buddyOnSite', '[]');
    if (matchesAll(v, body.attributes)) out.push(presentLocation(l, bookers.get(l.id)));
  }
  return out;
}
