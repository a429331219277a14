import { AREA_SEARCH_FACTS, type Location, type SearchAttribute } from '@perch/contract';
import type { AppDeps, AuthContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { fromClientTime } from '../../lib/time.js';
import { listSpaceAttributes } from '../space-attributes/repo.js';
import { freeSpaceCounts } from '../spaces/availability.js';
import { locationZone } from './access.js';
import { matchesAll } from './attribute-filter.js';
import { presentLocation } from './presenter.js';
import { allowedBookersOf, listLocations, locationAttributeValues } from './repo.js';

const FACTS: readonly string[] = AREA_SEARCH_FACTS;

/**
 * Refuses criteria naming something that is neither an attribute of the organisation nor one
 * of the area facts (an empty id is no criterion).
 */
async function checkCriteria(deps: AppDeps, auth: AuthContext, criteria: readonly SearchAttribute[]) {
  const named = criteria.map((c) => c.attributeId).filter((id) => id !== '' && !FACTS.includes(id));
  if (named.length === 0) return;
  const known = new Set((await listSpaceAttributes(deps.db, auth.orgId)).map((a) => a.id));
  const unknown = named.find((id) => !known.has(id.toLowerCase()));
  if (unknown !== undefined) throw badRequest(`Unknown attribute ${unknown}`);
}

/**
 * Areas of the caller's organisation that match every criterion, for the time window. The
 * criteria may name an area attribute or one of `numSpaces`, `numFreeSpaces`, `buddyOnSite`.
 */
export async function searchAreas(
  deps: AppDeps,
  auth: AuthContext,
  body: { enter: string; leave: string; attributes: SearchAttribute[] },
): Promise<Location[]> {
  await checkCriteria(deps, auth, body.attributes);
  const criteria = body.attributes.map((c) =>
    FACTS.includes(c.attributeId) ? c : { ...c, attributeId: c.attributeId.toLowerCase() },
  );
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
    if (criteria.some((a) => a.attributeId === 'numSpaces' || a.attributeId === 'numFreeSpaces')) {
      const counts = await freeSpaceCounts(deps, l.id, enter.toJSDate(), leave.toJSDate());
      v.set('numSpaces', String(counts.total));
      v.set('numFreeSpaces', String(counts.free));
    }
    v.set('buddyOnSite', '[]');
    if (matchesAll(v, criteria)) out.push(presentLocation(l, bookers.get(l.id)));
  }
  return out;
}
