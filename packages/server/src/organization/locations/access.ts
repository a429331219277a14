import type { AppDeps, AuthContext } from '../../context.js';
import type { LocationRow } from '../../db/schema.js';
import { requireOrgRole } from '../../access.js';
import { notFound } from '../../http/errors.js';
import { pathId } from '../../http/ids.js';
import { effectiveZone } from '../../lib/time.js';
import { readSetting } from '../settings/index.js';
import { findLocation } from './repo.js';

/** Loads the area named in a path and checks the caller's role in its organisation. */
export async function locationFor(
  deps: AppDeps,
  auth: AuthContext,
  rawId: string,
  minRole: number,
): Promise<LocationRow> {
  const location = await findLocation(deps.db, pathId(rawId, 'Unknown area'));
  if (!location) throw notFound('Unknown area');
  requireOrgRole(auth, location.organization_id, minRole);
  return location;
}

/** The IANA zone an area's times are in. */
export async function locationZone(
  deps: AppDeps,
  location: Pick<LocationRow, 'timezone' | 'organization_id'>,
): Promise<string> {
  if (location.timezone) return effectiveZone(location.timezone, undefined);
  return effectiveZone('', await readSetting(deps.db, location.organization_id, 'default_timezone'));
}

/** An area's zone when the organisation's default zone is already at hand (many areas at once). */
export function zoneWithDefault(location: Pick<LocationRow, 'timezone'>, orgDefault: string | undefined): string {
  return location.timezone ? effectiveZone(location.timezone, undefined) : effectiveZone('', orgDefault);
}
