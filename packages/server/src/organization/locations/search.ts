import { AREA_SEARCH_FACTS, type Location, type SearchAttribute } from '@perch/contract';
import type { AppDeps, AuthContext } from '../../context.js';
import type { LocationRow } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { fromClientTime } from '../../lib/time.js';
import { buddiesEnabled } from '../../booking/buddies/index.js';
import { readSettings } from '../settings/index.js';
import { listSpaceAttributes } from '../space-attributes/index.js';
import { zoneWithDefault } from './access.js';
import { matchesAll } from './attribute-filter.js';
import { presentLocation } from './presenter.js';
import { allowedBookersOf, areaFacts, listLocations, locationAttributeValues, type AreaWindow } from './repo.js';

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
 * The search window of every area: the request's times read as the wall clock in the area's
 * zone, computed once per distinct zone. A window that is empty or reversed covers its start
 * instant (as availability does).
 */
function windowsOf(rows: readonly LocationRow[], body: { enter: string; leave: string }, orgDefault?: string) {
  const perZone = new Map<string, { enter: Date; leave: Date }>();
  return rows.map((l): AreaWindow => {
    const zone = zoneWithDefault(l, orgDefault);
    let w = perZone.get(zone);
    if (!w) {
      const enter = fromClientTime(body.enter, zone);
      const leave = fromClientTime(body.leave, zone);
      if (!enter || !leave) throw badRequest('enter and leave must be RFC 3339 times');
      const from = enter.toJSDate();
      const to = leave > enter ? leave.toJSDate() : new Date(from.getTime() + 1);
      w = { enter: from, leave: to };
      perZone.set(zone, w);
    }
    return { locationId: l.id, ...w };
  });
}

/**
 * Areas of the caller's organisation that match every criterion, for the time window. The
 * criteria may name an area attribute or one of `numSpaces`, `numFreeSpaces`, `buddyOnSite`.
 * A constant number of queries, whatever the number of areas: the facts of all areas come
 * from one query, and only when a criterion needs them.
 */
export async function searchAreas(
  deps: AppDeps,
  auth: AuthContext,
  body: { enter: string; leave: string; attributes: SearchAttribute[] },
): Promise<Location[]> {
  // The format does not depend on the zone: bad times are refused even without areas.
  if (!fromClientTime(body.enter, 'UTC') || !fromClientTime(body.leave, 'UTC'))
    throw badRequest('enter and leave must be RFC 3339 times');
  await checkCriteria(deps, auth, body.attributes);
  const criteria = body.attributes.map((c) =>
    FACTS.includes(c.attributeId) ? c : { ...c, attributeId: c.attributeId.toLowerCase() },
  );
  const needCounts = criteria.some((a) => a.attributeId === 'numSpaces' || a.attributeId === 'numFreeSpaces');
  const needBuddies = criteria.some((a) => a.attributeId === 'buddyOnSite');
  const [rows, settings] = await Promise.all([
    listLocations(deps.db, auth.orgId),
    needCounts || needBuddies ? readSettings(deps.db, auth.orgId) : undefined,
  ]);
  const ids = rows.map((r) => r.id);
  // Buddies exist only where the organisation has them; otherwise nobody is a buddy on site.
  const buddiesOf = needBuddies && settings && buddiesEnabled(settings) ? auth.userId : null;
  const windows = settings ? windowsOf(rows, body, settings.get('default_timezone')) : [];
  const [values, bookers, facts] = await Promise.all([
    locationAttributeValues(deps.db, ids),
    allowedBookersOf(deps.db, ids),
    settings ? areaFacts(deps.db, windows, { counts: needCounts, buddiesOf }) : undefined,
  ]);
  const out: Location[] = [];
  for (const l of rows) {
    const v = new Map(values.get(l.id));
    const f = facts?.get(l.id);
    if (needCounts) {
      v.set('numSpaces', String(f?.total ?? 0));
      v.set('numFreeSpaces', String(f?.free ?? 0));
    }
    v.set('buddyOnSite', JSON.stringify(f?.buddies ?? []));
    if (matchesAll(v, criteria)) out.push(presentLocation(l, bookers.get(l.id)));
  }
  return out;
}
